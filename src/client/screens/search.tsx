// /search?cid|coid|q (spec §2, with docs/decisions/0012-search-while-typing.md): results as the user types,
// grouped by kind with counts: live webinars, on-demand, podcasts, product training and e-books, each with Show
// All to its list carrying the same filter. The featured item is shown only when it matches (the server decides).
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ClassRow, PodcastRow, WebinarRow } from '../components/content/class-rows.tsx';
import { FeaturedRow } from '../components/content/featured-row.tsx';
import { TutorialRow } from '../components/content/tutorial-row.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { filtersFrom, paths, type QueryFilters } from '../config/paths.ts';
import { useSearchResults } from '../features/catalog/api/get-search.ts';
import { EbookRow } from '../features/catalog/components/ebook-row.tsx';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';
import { useIsLoggedIn } from '../features/session/stores/session-store.ts';
import { LIST_ERROR, NO_SEARCH_RESULTS } from '../lib/messages.ts';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';

interface SectionProps {
  id: string;
  title: string;
  count: number;
  /** the list with every match; none where all matches are shown */
  showAll?: { href: string; label: string };
  children: ReactNode;
}

function ResultSection({ id, title, count, showAll, children }: SectionProps) {
  if (count === 0) return null;
  return (
    <section className="home-section search-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} tabIndex={-1}>
          {title} ({count})
        </h2>
        {showAll && (
          <Link href={showAll.href} className="show-all" aria-label={showAll.label}>
            Show All
          </Link>
        )}
      </div>
      <ul className="rows">{children}</ul>
    </section>
  );
}

/** 'N results for “fluo”': said to screen readers as the results change under the field */
const summary = (total: number, q?: string) => `${total} ${total === 1 ? 'result' : 'results'}${q ? ` for “${q}”` : ''}`;

function SearchResults({ filters }: { filters: QueryFilters }) {
  const results = useSearchResults(filters);
  const loggedIn = useIsLoggedIn();
  if (showsFailure(results)) return <LoadFailure query={results} errorFallback={LIST_ERROR} />;
  if (results.data === undefined) return <ListSkeleton heading />;
  const { webinars, classes, podcasts, tutorials, ebooks, featuredContent } = results.data;
  const kinds = [
    { id: 'search-webinars', title: 'Live Webinars', count: webinars.totalRows },
    { id: 'search-ondemand', title: 'On-Demand', count: classes.totalRows },
    { id: 'search-podcasts', title: 'Podcasts', count: podcasts.totalRows },
    { id: 'search-tutorials', title: 'Product Training', count: tutorials.totalRows },
    { id: 'search-ebooks', title: 'eBooks', count: ebooks.totalRows },
  ];
  const total = kinds.reduce((sum, k) => sum + k.count, 0);
  // the answer for an earlier keystroke, kept on screen while the newer one loads
  const stale = results.isPlaceholderData;
  const jump = (id: string) => {
    const heading = document.getElementById(id);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className={stale ? 'search-results search-results-stale' : 'search-results'} aria-busy={stale}>
      <p className="search-summary" role="status">
        {stale ? 'Searching…' : total === 0 ? '' : summary(total, filters.q)}
      </p>
      {total === 0 ? (
        <p className="empty">{NO_SEARCH_RESULTS}</p>
      ) : (
        <>
          {/* with five kinds the page is long on a phone: one tap to each kind found */}
          <ul className="search-kinds" aria-label="Jump to">
            {kinds
              .filter((k) => k.count > 0)
              .map((k) => (
                <li key={k.id}>
                  <button type="button" className="search-kind" onClick={() => jump(k.id)}>
                    {k.title} <span className="search-kind-count">{k.count}</span>
                  </button>
                </li>
              ))}
          </ul>
          {(featuredContent.featuredClass || featuredContent.featuredPodcast) && (
            <section className="home-section search-section" aria-labelledby="search-featured">
              <h2 id="search-featured">Featured</h2>
              <ul className="rows">
                <FeaturedRow featured={featuredContent} level={3} />
              </ul>
            </section>
          )}
          <ResultSection id="search-webinars" title="Live Webinars" count={webinars.totalRows} showAll={{ href: paths.webinars(filters), label: 'Show all matching live webinars' }}>
            {webinars.data.map((item) => (
              <WebinarRow key={item.hash} item={item} seats={webinars.seats} level={3} />
            ))}
          </ResultSection>
          <ResultSection id="search-ondemand" title="On-Demand" count={classes.totalRows} showAll={{ href: paths.ondemand(1, filters), label: 'Show all matching on-demand courses' }}>
            {classes.data.map((item) => (
              <ClassRow key={item.hash} item={item} level={3} />
            ))}
          </ResultSection>
          <ResultSection id="search-podcasts" title="Podcasts" count={podcasts.totalRows} showAll={{ href: paths.podcasts(1, filters), label: 'Show all matching podcasts' }}>
            {podcasts.data.map((item) => (
              <PodcastRow key={item.hash} item={item} level={3} />
            ))}
          </ResultSection>
          <ResultSection id="search-tutorials" title="Product Training" count={tutorials.totalRows} showAll={{ href: paths.tutorials(1, filters), label: 'Show all matching product training' }}>
            {tutorials.data.map((item) => (
              <TutorialRow key={item.hash} item={item} level={3} />
            ))}
          </ResultSection>
          {/* the library has no filter: a search lists every e-book it finds, and Show All appears only unfiltered */}
          <ResultSection
            id="search-ebooks"
            title="eBooks"
            count={ebooks.totalRows}
            showAll={ebooks.totalRows > ebooks.data.length ? { href: paths.ebooks(), label: 'Show all eBooks' } : undefined}
          >
            {ebooks.data.map((book) => (
              <EbookRow key={book.hash} book={book} loggedIn={loggedIn} eager={false} level={3} loginReturn={paths.search(filters)} />
            ))}
          </ResultSection>
        </>
      )}
    </div>
  );
}

export default function SearchScreen() {
  const search = useSearch();
  const filters = filtersFrom(search);
  // a keyword too short to search (spec §5) asks for nothing: the bar says why, and no results stand under it
  const typed = new URLSearchParams(search).get('q')?.trim() ?? '';
  const tooShort = typed !== '' && !filters.q;
  return (
    <Screen title="Search Results" className="search-screen">
      <SearchBar filters={filters} />
      {!tooShort && <SearchResults filters={filters} />}
    </Screen>
  );
}
