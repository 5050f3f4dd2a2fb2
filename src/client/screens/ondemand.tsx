// /ondemand/{page?}: paged on-demand classes, the featured class on page 1, COMPLETED badges (spec §2).
import { useParams, useSearch } from 'wouter';
import type { ClassListItem } from '#shared/api/common';
import { ClassRow } from '../components/content/class-rows.tsx';
import { FeaturedRow } from '../components/content/featured-row.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { filtersFrom, isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { useOndemand } from '../features/catalog/api/get-ondemand.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';

export default function OndemandScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const filters = filtersFrom(useSearch());
  const list = useOndemand({ ...filters, page: String(page - 1) });
  const featuredHash = page === 1 ? list.data?.featuredContent?.featuredHash : null;
  return (
    <Screen refresh title="On-Demand Webinars">
      <SearchBar filters={filters} list={(f) => paths.ondemand(1, f)} />
      <PagedList<ClassListItem>
        query={list}
        ads={list.data?.mobileAds}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.ondemand(n, filters)}
        empty="No classes found."
        label="On-demand pages"
        skip={(item) => item.hash === featuredHash}
        header={(data) => (
          <>
            <p className="list-count">On-demand courses: {data.totalRows}</p>
            {page === 1 && data.totalRows > 0 && list.data?.featuredContent?.featuredClass && (
              <ul className="rows">
                <FeaturedRow featured={list.data.featuredContent} kind="class" />
              </ul>
            )}
          </>
        )}
        renderItem={(item, i) => <ClassRow key={item.hash} item={item} eager={i < 2} />}
      />
    </Screen>
  );
}
