// A paged list of spec §9: 1-based page in the URL, zero-based page sent, the page clamped to what the
// server has (the URL follows, replacing history), pagination only with more than one page,
// the empty text, the list error as a danger alert, and the sponsor banners between the rows.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Redirect } from 'wouter';
import type { MobileAds } from '#shared/api/common';
import { placeAds } from '#shared/domain/ads';
import { isUnreachable } from '../../lib/api.ts';
import { LIST_ERROR } from '../../lib/messages.ts';
import { LoadFailure, showsFailure } from '../ui/query-state.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { ListSkeleton } from '../ui/skeleton.tsx';
import { AdBanner } from './ad-banner.tsx';

export interface PagedData<T> {
  totalRows: number;
  pageSize: number;
  /** zero-based, as clamped by the server */
  page: number;
  data: T[];
}

interface PagedListProps<T> {
  query: UseQueryResult<PagedData<T>>;
  /** 1-based page of the URL */
  page: number;
  href: (page: number) => string;
  empty: string;
  /** shown above the rows (a count line, the featured row on page 1) */
  header?: (data: PagedData<T>) => ReactNode;
  renderItem: (item: T, index: number) => ReactNode;
  label?: string;
  /** rows to leave out (the featured item already shown) */
  skip?: (item: T) => boolean;
  /** show the list error (spec §8) instead of the server's message */
  listError?: boolean;
  /** false when the URL's page parameter is not canonical (/ondemand/0, /ondemand/1): the URL is replaced */
  canonical?: boolean;
  /** the list's mobileAds: banners go between the rows shown, by the rule of spec §9 */
  ads?: MobileAds | null;
  /** the fewest pages that show the pagination (Pagination's minPages) */
  paginationFrom?: number;
}

export const pageCount = (totalRows: number, pageSize: number): number => (pageSize > 0 ? Math.ceil(totalRows / pageSize) : 1);

export function PagedList<T>({ query, page, href, empty, header, renderItem, label, skip, listError = true, canonical = true, ads, paginationFrom }: PagedListProps<T>) {
  if (!canonical) return <Redirect to={href(page)} replace />;
  if (query.isPending) return <ListSkeleton countLine={header !== undefined} />;
  // the page asked for could not come (offline, Next › to a page never seen): the page before it, still shown while
  // its answer is on the way, is not passed off as this one (a commuter's walk, decision 0045)
  const pageFailed = query.isPlaceholderData && (query.isError || (query.failureCount > 0 && isUnreachable(query.failureReason)));
  if (showsFailure(query) || pageFailed) return <LoadFailure query={query} errorFallback={LIST_ERROR} message={listError ? LIST_ERROR : undefined} />;
  const data = query.data!;
  const pages = pageCount(data.totalRows, data.pageSize);
  const current = data.page + 1;
  if (!query.isPlaceholderData && current !== page) return <Redirect to={href(current)} replace />;
  const rows = skip ? data.data.filter((item) => !skip(item)) : data.data;
  return (
    <div className="paged-list" aria-busy={query.isPlaceholderData || undefined}>
      {header?.(data)}
      {rows.length === 0 && data.data.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <Rows items={rows} renderItem={renderItem} ads={ads} />
      )}
      <Pagination page={current} pages={pages} href={href} label={label} minPages={paginationFrom} />
    </div>
  );
}

/**
 * The rows of a list with its sponsor banners placed among them; PagedList's own, and the one way an
 * unpaged list (/webinars) shows ads. Rows keep their index, so `renderItem` sees 0, 1, 2… as without ads.
 */
export function Rows<T>({ items, renderItem, ads }: { items: T[]; renderItem: (item: T, index: number) => ReactNode; ads?: MobileAds | null }) {
  const before = new Map(placeAds(ads, items.length).map((p) => [p.before, p.banner]));
  const children: ReactNode[] = [];
  items.forEach((item, i) => {
    const banner = before.get(i);
    // before the first two rows, as eager as those rows' photos
    if (banner) children.push(<AdBanner key={`ad-${i}-${banner.adId}`} banner={banner} eager={i < 2} />);
    children.push(renderItem(item, i));
  });
  return <ul className="rows">{children}</ul>;
}
