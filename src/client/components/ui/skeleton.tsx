// Skeleton rows for a list that is loading: the list's own row boxes (lists.css), so the rows that arrive take
// the place the skeleton held and nothing around them moves (CLS ≤ 0.05, quality-bars.md).
import { LoadingAnswer } from './loading.tsx';

interface ListSkeletonProps {
  /** rows to reserve: enough to fill a phone screen, so what follows the list starts below it */
  rows?: number;
  /** the list's count line ('On-demand courses: N') comes first */
  countLine?: boolean;
  /** a section heading comes first (home, search) */
  heading?: boolean;
}

export function ListSkeleton({ rows = 6, countLine = false, heading = false }: ListSkeletonProps) {
  return (
    <div className="list-skeleton" aria-busy="true">
      <LoadingAnswer quiet />
      <div aria-hidden="true">
        {heading && <p className="skeleton-heading" />}
        {countLine && <p className="list-count skeleton-count" />}
        <ul className="rows">
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} className="row row-skeleton">
              <div className="row-media">
                <span className="row-photo" />
              </div>
              <div className="row-body">
                <span className="skeleton-line skeleton-title" />
                <span className="skeleton-line" />
                <span className="skeleton-line skeleton-short" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
