// The countdown of a live webinar's pages (live, reserve) with LIVE NOW beside it while the webinar is under way:
// from the start until start + duration on the server's clock (the countdown's), as the lists' flag says.
import { webinarOver } from '#shared/domain/countdown';
import { WEBINAR_ENDED } from '#shared/domain/guard-messages';
import { Badge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';

export function LiveCountdown({ remaining, durationMin }: { remaining: number; durationMin: number }) {
  // spec §4's 'Webinar in Progress...' is for 0 or less; past the end it would say so of a webinar that is over
  if (webinarOver(remaining, durationMin)) return <p className="countdown">{WEBINAR_ENDED}</p>;
  const liveNow = remaining <= 0;
  return (
    <div className="live-now-line">
      {liveNow && <Badge label="LIVE NOW" />}
      <Countdown remaining={remaining} />
    </div>
  );
}
