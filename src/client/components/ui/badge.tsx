// The status badges of spec §4: RESERVED, WAITLIST, COMPLETED, FEATURED on featured content, and LIVE NOW on a
// webinar under way (issue 13; styles/live.css).
import type { Label } from '#shared/domain/labels';
import '../../styles/live.css';

export function Badge({ label }: { label: Label }) {
  return (
    <span className={`badge badge-${label.toLowerCase().replace(' ', '-')}`}>
      {/* the dot is what a streaming app's viewer looks for; the words say it to everyone else */}
      {label === 'LIVE NOW' && <span className="live-dot" aria-hidden="true" />}
      {label}
    </span>
  );
}
