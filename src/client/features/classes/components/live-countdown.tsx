// The countdown of a live webinar's pages (live, reserve) with LIVE NOW beside it while the webinar is under way:
// from the start until start + duration on the server's clock (the countdown's), as the lists' flag says.
import { Badge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';

/** the server's words for a webinar past its end (course-gate.service.ts ENDED) */
export const WEBINAR_ENDED = 'This webinar has ended.';

export function LiveCountdown({ remaining, durationMin }: { remaining: number; durationMin: number }) {
  const liveNow = remaining <= 0 && remaining > -durationMin * 60;
  // spec §4's 'Webinar in Progress...' is for 0 or less; past the end it would say so of a webinar that is over
  if (remaining <= -durationMin * 60) return <p className="countdown">{WEBINAR_ENDED}</p>;
  return (
    <div className="live-now-line">
      {liveNow && <Badge label="LIVE NOW" />}
      <Countdown remaining={remaining} />
    </div>
  );
}
