// /my-license, My license (issue 19): the student's licenses, each with its renewal date and its progress at a
// glance (hours counted against the hours asked, what is left), a way to add one, and the courses taken elsewhere.
import { Link } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { useLicenses } from '../features/license/api/get-licenses.ts';
import { ProgressMeter } from '../features/license/components/progress-meter.tsx';
import { formatDay, licenseName, renewalIn } from '../features/license/format.ts';
import '../styles/license.css';

const LOAD_ERROR = 'Your licenses could not be loaded. Try again.';

export default function LicensesScreen() {
  const licenses = useLicenses();
  return (
    <Screen refresh title="My license">
      <p className="lead">What your renewal asks, what you have, and what is left before the date.</p>
      <QueryState query={licenses} errorFallback={LOAD_ERROR} loadingLabel="Loading your licenses…">
        {({ licenses: list }) =>
          list.length === 0 ? (
            <div className="card license-empty">
              <p>No license yet. Add yours to see the hours and topics your renewal needs, and what you already have.</p>
            </div>
          ) : (
            <ul className="license-list">
              {list.map(({ license, cycle, progress }) => {
                const left = progress.whatsLeft.length;
                return (
                  <li key={license.id} className="license-card">
                    <h2 className="license-card-title">
                      <Link href={paths.license(license.id)} className="row-link">
                        {licenseName(license)}
                      </Link>
                    </h2>
                    {license.number && <p className="hint">License {license.number}</p>}
                    <p>
                      Renewal {formatDay(cycle.end)} · {renewalIn(progress.daysToRenewal)}
                    </p>
                    <ProgressMeter progress={progress} id={`license-${license.id}-hours`} />
                    <p className="license-status">
                      {/* a license with no rule yet has nothing met: it asks for its board's rules */}
                      {progress.rules.length === 0 ? (
                        <span className="pill pill-left">No requirements set yet</span>
                      ) : progress.met ? (
                        <span className="pill pill-met">All requirements met</span>
                      ) : (
                        <span className="pill pill-left">{left === 1 ? '1 requirement left' : `${left} requirements left`}</span>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
      <div className="actions">
        <Link href={paths.licenseAdd()} className="button">
          Add a license
        </Link>
        <Link href={paths.reportedCourses()} className="button button-secondary">
          CE earned elsewhere
        </Link>
      </div>
    </Screen>
  );
}
