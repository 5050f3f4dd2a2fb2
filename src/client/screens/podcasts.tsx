// /podcasts/{page?}: paged podcast episodes, the featured podcast on page 1, COMPLETED badges (spec §2).
import { useParams, useSearch } from 'wouter';
import type { PodcastListItem } from '#shared/api/common';
import { PodcastRow } from '../components/content/class-rows.tsx';
import { FeaturedRow } from '../components/content/featured-row.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { filtersFrom, isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { usePodcasts } from '../features/catalog/api/get-podcasts.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';

export default function PodcastsScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const filters = filtersFrom(useSearch());
  const list = usePodcasts({ ...filters, page: String(page - 1) });
  const featuredHash = page === 1 ? list.data?.featuredContent?.featuredHash : null;
  return (
    <Screen refresh title="Podcasts">
      <SearchBar filters={filters} list={(f) => paths.podcasts(1, f)} />
      <PagedList<PodcastListItem>
        query={list}
        ads={list.data?.mobileAds}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.podcasts(n, filters)}
        empty="No podcasts found."
        label="Podcast pages"
        skip={(item) => item.hash === featuredHash}
        header={(data) => (
          <>
            <p className="list-count">Podcast episodes: {data.totalRows}</p>
            {page === 1 && data.totalRows > 0 && list.data?.featuredContent?.featuredPodcast && (
              <ul className="rows">
                <FeaturedRow featured={list.data.featuredContent} kind="podcast" />
              </ul>
            )}
          </>
        )}
        renderItem={(item, i) => <PodcastRow key={item.hash} item={item} eager={i < 2} />}
      />
    </Screen>
  );
}
