// The countdown of a live webinar's pages (live, reserve) with LIVE NOW beside it while the webinar is under way:
// from the start until start + duration on the server's clock (the countdown's), as the lists' flag says.
import { Badge } from '../../../components/ui/badge.tsx';
import { Countdown } from '../../../components/ui/countdown.tsx';

export function LiveCountdown({ remaining, durationMin }: { remaining: number; durationMin: number }) {
  const liveNow = remaining <= 0 && remaining > -durationMin * 60;
  return (
    <div className="live-now-line">
      {liveNow && <Badge label="LIVE NOW" />}
      <Countdown remaining={remaining} />
    </div>
  );
}
