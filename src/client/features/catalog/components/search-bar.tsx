// The search bar of spec §2: read-only, it shows the active filter in words (spec §4) and opens the search
// panel; a clear button while a filter is active. Every screen that searches uses this one bar, and it is
// the only place a list says which filter it shows.
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { getSearchItems } from '#shared/api/catalog';
import type { ResponseOf } from '#shared/api/endpoint';
import { hasFilters, paths, type ListFilters, type QueryFilters } from '../../../config/paths.ts';
import { useSearchItems } from '../api/get-search-items.ts';

// the panel is its own chunk, fetched as soon as the bar is pointed at or focused: /home pays only for the bar
const loadPanel = () => import('./search-panel.tsx');
const SearchPanel = lazy(loadPanel);

const PLACEHOLDER = 'Search by topic, speaker or company';

/** spec §4: 'Category: {name}', 'Company: {name}' or the keyword; an id the lists do not name (yet) stays an id */
export const filterText = (filters: QueryFilters, items?: ResponseOf<typeof getSearchItems>): string => {
  if (filters.cid) return `Category: ${items?.catList.find((c) => String(c.categoryID) === filters.cid)?.categoryName ?? filters.cid}`;
  if (filters.coid) return `Company: ${items?.companyList.find((c) => String(c.companyID) === filters.coid)?.companyName ?? filters.coid}`;
  return filters.q ?? '';
};

interface SearchBarProps {
  /** the filter this screen shows (from its URL); /home shows none */
  filters?: QueryFilters;
  /** this screen's own list (page 1) for a filter: a search narrows it unless 'Include All Content' is checked.
   *  Without one (/home, /search) every search goes to /search. */
  list?: (filters: ListFilters) => string;
}

export function SearchBar({ filters = {}, list }: SearchBarProps) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const active = hasFilters(filters);
  // the names are needed only to show a category or company; a keyword shows as typed
  const items = useSearchItems(Boolean(filters.cid || filters.coid));
  return (
    <>
      <div className="search-bar" role="search">
        <button
          type="button"
          className={active ? 'search-bar-open search-bar-active' : 'search-bar-open'}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
          onClick={() => setOpen(true)}
        >
          <span className="search-icon" aria-hidden="true" />
          {active ? (
            <span className="search-bar-text">
              <span className="visually-hidden">Search: </span>
              {filterText(filters, items.data)}
            </span>
          ) : (
            <span className="search-bar-text search-bar-placeholder">{PLACEHOLDER}</span>
          )}
        </button>
        {active && (
          <button type="button" className="search-bar-clear" aria-label="Clear search" onClick={() => navigate((list ?? paths.search)({}))}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel filters={filters} list={list} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
