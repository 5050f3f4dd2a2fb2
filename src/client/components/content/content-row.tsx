// One row of a content list (class, webinar, podcast, e-book): photo, linked title, details and badges.
// The title link is stretched over the row, so the whole row is one tap target and one tab stop.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Label } from '#shared/domain/labels';
import { mediaUrl } from '../../lib/media.ts';
import { useSeenAt } from '../../lib/offline/seen-at.ts';
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
  /** controls at the row's end, above the stretched link (an episode's play and Up Next buttons) */
  trailing?: ReactNode;
  className?: string;
  /** class photos are 16:9, podcast show art is square */
  shape?: 'wide' | 'square';
}

/*
 * The photo and the badges share the first column: on a phone (lists.css) the row is compact, at most 130 px
 * tall, with the badges under the thumbnail where the 16:9 photo leaves room; from 900 px on it is the full card.
 * The badges come before the title in the reading order either way.
 */
export function ContentRow({ title, href, photo, badges, level = 2, eager = false, onNavigate, children, actions, trailing, className, shape = 'wide' }: ContentRowProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const shown = (badges ?? []).filter((b): b is Label => Boolean(b));
  const classes = ['row', shape === 'square' && 'row-square', actions && 'row-has-actions', className].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      <div className="row-media">
        {photo ? (
          <img
            className="row-photo"
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
        {shown.length > 0 && (
          <p className="row-badges">
            {shown.map((b) => (b === 'LIVE NOW' ? <LiveNowOfAnswer key={b} /> : <Badge key={b} label={b} />))}
          </p>
        )}
      </div>
      <div className="row-body">
        <Heading className="row-title">
          <Link href={href} className="row-link" onClick={onNavigate}>
            {title}
          </Link>
        </Heading>
        <div className="row-details">{children}</div>
        {actions && <div className="row-actions">{actions}</div>}
      </div>
      {trailing && <div className="row-trailing">{trailing}</div>}
    </li>
  );
}

/**
 * a detail line that disappears when empty; a `secondary` one (the sponsor) is left out of the compact phone
 * row and shown on the full card (the class page names it too)
 */
export function Detail({ label, secondary = false, children }: { label?: string; secondary?: boolean; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <p className={secondary ? 'row-detail row-detail-secondary' : 'row-detail'}>
      {label && <span className="row-detail-label">{label}: </span>}
      {children}
    </p>
  );
}

/**
 * LIVE NOW is what the row's answer said of the moment it was given: a screen showing what was kept (offline, for
 * minutes or days) cannot say it of now, so it leaves it out, as the banner says what the screen shows
 */
function LiveNowOfAnswer() {
  return useSeenAt() === null ? <Badge label="LIVE NOW" /> : null;
}
