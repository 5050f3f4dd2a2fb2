// /seats (alias /reserved), 'Reserved Seats' (spec §2): 'Reserved: N Live Webinars', rows with RESERVED or
// WAITLIST, Cancel on reserved rows only; the row opens the live page.
import { Link } from 'wouter';
import { ContentRow, Detail } from '../components/content/content-row.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { paths } from '../config/paths.ts';
import { LIST_ERROR } from '../lib/messages.ts';
import { formatCreditsWithType, formatDateTime } from '#shared/domain/format';
import { seatLabel } from '#shared/domain/labels';
import { useSeats } from '../features/my-ce/api/get-seats.ts';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';

/**
 * spec §2's 'Reserved: N Live Webinars', counting the seats only: a waitlist place is no reservation (a walk read
 * "Reserved: 1" above a single WAITLIST row), so the places are counted beside it
 */
function SeatCount({ rows }: { rows: readonly { hasSeat: boolean; isWaiting: boolean }[] }) {
  const waiting = rows.filter((r) => seatLabel(r) === 'WAITLIST').length;
  const reserved = rows.filter((r) => seatLabel(r) === 'RESERVED').length;
  return (
    <p className="list-count">
      <span className="list-count-part">Reserved: {reserved} Live Webinars</span>
      {/* the space between the parts is where the line may break */}
      {waiting > 0 && (
        <>
          , <span className="list-count-part">{waiting} on the waitlist</span>
        </>
      )}
    </p>
  );
}

export default function SeatsScreen() {
  const seats = useSeats();
  return (
    <Screen refresh title="Reserved Seats">
      {showsFailure(seats) ? (
        <LoadFailure query={seats} errorFallback={LIST_ERROR} />
      ) : seats.data === undefined ? (
        <ListSkeleton countLine />
      ) : seats.data.data.length === 0 ? (
        <>
          <p className="empty">No seats reserved.  Click button below to see upcoming webinars.</p>
          <Link className="button" href={paths.webinars()}>
            Upcoming Webinars
          </Link>
        </>
      ) : (
        <>
          <SeatCount rows={seats.data.data} />
          <ul className="rows">
            {seats.data.data.map((row, i) => {
              const label = seatLabel(row);
              return (
                <ContentRow
                  key={row.hash}
                  title={row.className}
                  href={paths.live(row.hash)}
                  photo={row.photo}
                  badges={[row.inProgress && 'LIVE NOW', label]}
                  eager={i < 2}
                  actions={
                    label === 'RESERVED' && row.cancelCode ? (
                      <Link className="button button-small button-secondary" href={paths.cancelSeat(row.cancelCode)} aria-label={`Cancel seat: ${row.className}`}>
                        Cancel
                      </Link>
                    ) : undefined
                  }
                >
                  <Detail>{row.speakerName}</Detail>
                  <Detail label="Sponsor">{row.sponsorCompanyName}</Detail>
                  <Detail>{formatDateTime(row.releaseDateUTC)}</Detail>
                  <Detail>{formatCreditsWithType(row.credits, null, row.creditName)}</Detail>
                </ContentRow>
              );
            })}
          </ul>
        </>
      )}
    </Screen>
  );
}
