// One row of a content list (class, webinar, podcast, e-book): photo, linked title, details and badges.
// The title link is stretched over the row, so the whole row is one tap target and one tab stop.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Label } from '#shared/domain/labels';
import { mediaUrl } from '../../lib/media.ts';
import { Badge } from '../ui/badge.tsx';

interface ContentRowProps {
  title: string;
  href: string;
  photo?: string | null;
  badges?: ReadonlyArray<Label | null | false | undefined>;
  /** heading level of the title inside the page outline */
  level?: 2 | 3;
  /** the first rows of a list load at once; the rest lazily */
  eager?: boolean;
  onNavigate?: () => void;
  /** detail lines */
  children?: ReactNode;
  /** buttons and links of their own, above the stretched link */
  actions?: ReactNode;
  className?: string;
  /** class photos are 16:9, podcast show art is square */
  shape?: 'wide' | 'square';
}

export function ContentRow({ title, href, photo, badges, level = 2, eager = false, onNavigate, children, actions, className, shape = 'wide' }: ContentRowProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const shown = (badges ?? []).filter((b): b is Label => Boolean(b));
  return (
    <li className={className ? `row ${className}` : 'row'}>
      {photo ? (
        <img
          className={shape === 'square' ? 'row-photo row-photo-square' : 'row-photo'}
          src={mediaUrl(photo)}
          alt=""
          width={shape === 'square' ? 90 : 160}
          height={90}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <span className="row-photo row-photo-empty" aria-hidden="true" />
      )}
      <div className="row-body">
        {shown.length > 0 && (
          <p className="row-badges">
            {shown.map((b) => (
              <Badge key={b} label={b} />
            ))}
          </p>
        )}
        <Heading className="row-title">
          <Link href={href} className="row-link" onClick={onNavigate}>
            {title}
          </Link>
        </Heading>
        <div className="row-details">{children}</div>
        {actions && <div className="row-actions">{actions}</div>}
      </div>
    </li>
  );
}

/** a detail line that disappears when empty */
export function Detail({ label, children }: { label?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className="row-detail">
      {label && <span className="row-detail-label">{label}: </span>}
      {children}
    </p>
  );
}
