// The ad slots of the page shell: first-party house messages until sponsor banners are placed
// (security.md: sponsor ads are first-party, no third-party ad script).
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';

export function AdSlot({ slot }: { slot: 'top' | 'left' | 'right' }) {
  if (slot === 'top')
    return (
      // the whole line is the link: one tap target the height of the line, where a 44 px link inside it made the
      // bar two tall lines (82 px) at the top of every phone screen
      <Link className="ad-text" href={paths.webinars()}>
        <span className="ad-label">Sponsored · </span>
        Free live CE webinars every week. <span className="ad-cta">Reserve your seat</span>
      </Link>
    );
  if (slot === 'left')
    return (
      <div className="ad ad-side">
        <p className="ad-label">Sponsored</p>
        <p>Listen on the go: CE podcasts with credit.</p>
        <Link href={paths.podcasts()}>Browse podcasts</Link>
      </div>
    );
  return (
    <div className="ad ad-side">
      <p className="ad-label">Sponsored</p>
      <p>Download free dental eBooks from our sponsors.</p>
      <Link href={paths.ebooks()}>See the eBooks</Link>
    </div>
  );
}

