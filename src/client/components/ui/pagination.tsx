// Pagination of spec §9: 1-based pages, a window of page links, shown only when there is more than one page
// (CE in Progress shows it from one page on).
import { Link } from 'wouter';

interface PaginationProps {
  /** 1-based */
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
  /** the fewest pages that show it: 2 (spec §9), or 1 where the spec says "more than 0" (pending) */
  minPages?: number;
}

const windowOf = (page: number, pages: number): number[] => {
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};

export function Pagination({ page, pages, href, label = 'Pages', minPages = 2 }: PaginationProps) {
  if (pages < minPages) return null;
  const shown = windowOf(page, pages);
  const first = shown[0];
  const last = shown[shown.length - 1];
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <Link href={href(page - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>Previous
            </Link>
          </li>
        )}
        {first > 1 && (
          <li>
            <Link href={href(1)} aria-label="Page 1">
              1
            </Link>
            {first > 2 && <span aria-hidden="true"> …</span>}
          </li>
        )}
        {shown.map((n) => (
          <li key={n}>
            <Link href={href(n)} aria-label={`Page ${n}`} aria-current={n === page ? 'page' : undefined}>
              {n}
            </Link>
          </li>
        ))}
        {last < pages && (
          <li>
            {last < pages - 1 && <span aria-hidden="true">… </span>}
            <Link href={href(pages)} aria-label={`Page ${pages}`}>
              {pages}
            </Link>
          </li>
        )}
        {page < pages && (
          <li>
            <Link href={href(page + 1)} rel="next">
              Next<span aria-hidden="true"> ›</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
