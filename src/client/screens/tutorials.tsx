// /tutorials/{page?} ('Product Training', spec §2): search bar, 'Available Now: N Tutorials', rows with
// photo, class name, 'Company: {sponsor}' and 'Release date'; 'Show All Related Content »' with a filter.
import { Link, useParams, useSearch } from 'wouter';
import type { ClassListItem } from '#shared/api/common';
import { PagedList } from '../components/content/paged-list.tsx';
import { TutorialRow } from '../components/content/tutorial-row.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { filtersFrom, hasFilters, isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { useTutorials } from '../features/catalog/api/get-tutorials.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';

export default function TutorialsScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const filters = filtersFrom(useSearch());
  const list = useTutorials({ ...filters, page: String(page - 1) });
  return (
    <Screen refresh title="Product Training">
      <SearchBar filters={filters} list={(f) => paths.tutorials(1, f)} />
      <PagedList<ClassListItem>
        query={list}
        ads={list.data?.mobileAds}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.tutorials(n, filters)}
        empty="No tutorials found."
        label="Tutorial pages"
        header={(data) => (
          <>
            <p className="list-count">Available Now: {data.totalRows} Tutorials</p>
            {hasFilters(filters) && data.totalRows > 0 && (
              <p>
                <Link className="text-link" href={paths.search(filters)}>Show All Related Content »</Link>
              </p>
            )}
          </>
        )}
        renderItem={(item, i) => <TutorialRow key={item.hash} item={item} eager={i < 2} />}
      />
    </Screen>
  );
}
