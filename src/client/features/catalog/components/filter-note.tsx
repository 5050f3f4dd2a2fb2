// The active list filter in words (spec §4 Search: 'Category: {name}', 'Company: {name}' or the keyword)
// with a link that clears it.
import { Link } from 'wouter';
import { hasFilters, type QueryFilters } from '../../../config/paths.ts';
import { useSearchItems } from '../api/get-search-items.ts';

export const filterText = (
  filters: QueryFilters,
  items?: { catList: { categoryID: number; categoryName: string }[]; companyList: { companyID: number; companyName: string }[] },
): string => {
  if (filters.cid) return `Category: ${items?.catList.find((c) => String(c.categoryID) === filters.cid)?.categoryName ?? filters.cid}`;
  if (filters.coid) return `Company: ${items?.companyList.find((c) => String(c.companyID) === filters.coid)?.companyName ?? filters.coid}`;
  return filters.q ?? '';
};

export function FilterNote({ filters, clearHref }: { filters: QueryFilters; clearHref: string }) {
  const items = useSearchItems();
  if (!hasFilters(filters)) return null;
  return (
    <p className="filter-note">
      <span>Showing: </span>
      <strong>{filterText(filters, items.data)}</strong>{' '}
      <Link href={clearHref} className="filter-clear">
        Clear filter
      </Link>
    </p>
  );
}
