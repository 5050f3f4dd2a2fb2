// /search?cid|coid|q (spec §2): featured content, live webinars, on-demand and podcasts for one filter,
// each with Show All to its list carrying the same filter.
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ClassRow, PodcastRow, WebinarRow } from '../components/content/class-rows.tsx';
import { FeaturedRow } from '../components/content/featured-row.tsx';
import { LIST_ERROR } from '../lib/messages.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { filtersFrom, paths } from '../config/paths.ts';
import { useSearchResults } from '../features/catalog/api/get-search.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';

function ResultSection({ id, title, showAll, showAllLabel, count, children }: { id: string; title: string; showAll: string; showAllLabel: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>
          {title} ({count})
        </h2>
        <Link href={showAll} className="show-all" aria-label={showAllLabel}>
          Show All
        </Link>
      </div>
      <ul className="rows">{children}</ul>
    </section>
  );
}

export default function SearchScreen() {
  const filters = filtersFrom(useSearch());
  const results = useSearchResults(filters);
  return (
    <Screen title="Search Results">
      <SearchBar filters={filters} />
      {results.isPending ? (
        <ListSkeleton heading />
      ) : results.isError ? (
        <Alert tone="danger">{LIST_ERROR}</Alert>
      ) : results.data.webinars.totalRows + results.data.classes.totalRows + results.data.podcasts.totalRows === 0 ? (
        <p className="empty">No results found for this search.</p>
      ) : (
        <>
          {(results.data.featuredContent.featuredClass || results.data.featuredContent.featuredPodcast) && (
            <section className="home-section" aria-labelledby="search-featured">
              <h2 id="search-featured">Featured</h2>
              <ul className="rows">
                <FeaturedRow featured={results.data.featuredContent} level={3} />
              </ul>
            </section>
          )}
          <ResultSection id="search-webinars" title="Live Webinars" count={results.data.webinars.totalRows} showAll={paths.webinars(filters)} showAllLabel="Show all matching live webinars">
            {results.data.webinars.data.map((item) => (
              <WebinarRow key={item.hash} item={item} seats={results.data.webinars.seats} level={3} />
            ))}
          </ResultSection>
          <ResultSection id="search-ondemand" title="On-Demand" count={results.data.classes.totalRows} showAll={paths.ondemand(1, filters)} showAllLabel="Show all matching on-demand courses">
            {results.data.classes.data.map((item) => (
              <ClassRow key={item.hash} item={item} level={3} />
            ))}
          </ResultSection>
          <ResultSection id="search-podcasts" title="Podcasts" count={results.data.podcasts.totalRows} showAll={paths.podcasts(1, filters)} showAllLabel="Show all matching podcasts">
            {results.data.podcasts.data.map((item) => (
              <PodcastRow key={item.hash} item={item} level={3} />
            ))}
          </ResultSection>
        </>
      )}
    </Screen>
  );
}
