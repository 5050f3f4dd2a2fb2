// /my-license/{id}?cycle=…, one license (issue 19): its renewal, the cycle's progress (hours counted against the
// hours asked, live and self-study with the caps applied: what counts, beside what was earned), each rule with its
// source, the day it was checked and "Confirm with your board", what is left with CE Pass courses that cover it,
// the cycle's courses (self-reported ones marked), finished cycles, and the audit pack to download.
import { Link, useParams, useSearch } from 'wouter';
import type { CourseLink, Entry, LicenseView, Rule } from '#shared/api/license';
import { CONFIRM_WITH_BOARD, RULE_STATUS_LABELS, type RuleStatus } from '#shared/domain/license';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { useOnline } from '../lib/online.ts';
import { useLicense } from '../features/license/api/get-license.ts';
import { licenseAuditPackUrl } from '../features/license/api/get-license-audit-pack.ts';
import { licenseTranscriptUrl } from '../features/license/api/get-license-transcript.ts';
import { reportedCourseProofUrl } from '../features/license/api/get-reported-course-proof.ts';
import { CourseFacts } from '../features/license/components/course-facts.tsx';
import { ProgressMeter } from '../features/license/components/progress-meter.tsx';
import { RuleSourceLine } from '../features/license/components/rule-source.tsx';
import { WaitingCourses } from '../features/license/components/waiting-courses.tsx';
import { describeRule, formatDay, formatHours, formatHoursOf, licenseName, licenseTypeName, renewalIn } from '../features/license/format.ts';
import '../styles/license.css';

type WhatsLeftItem = LicenseView['progress']['whatsLeft'][number];

const LOAD_ERROR = 'This license could not be loaded. Try again.';

/** a license id from the URL: a whole number, or nothing to ask the server about */
const idFrom = (raw: string | undefined): number => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0);

const cycleName = (c: { start: string; end: string }) => `${formatDay(c.start)} – ${formatDay(c.end)}`;

/** where a CE Pass course covering a missing topic opens (an episode's page is under its series) */
const courseHref = (course: CourseLink): string =>
  course.kind === 'class' ? paths.classroom(course.hash) : course.show ? paths.podcast(course.show, course.hash) : paths.podcasts();

/** a rule's standing as a pill: its words say it, the colour only echoes them */
const PILL: Record<RuleStatus, string> = { met: 'pill pill-met', 'partly-met': 'pill pill-partly', missing: 'pill pill-left' };

/** a rule's standing this cycle: a requirement met, partly met or missing (the server's), or what a cap let count */
function RuleStanding({ rule, view }: { rule: Rule; view: LicenseView }) {
  const p = view.progress.rules.find((r) => r.ruleId === rule.id);
  if (!p) return null;
  if (rule.kind === 'self-study-maximum' || rule.kind === 'category-cap')
    return (
      <p className="rule-status">
        {formatHours(p.counted)} counted of at most {formatHours(p.required)}
      </p>
    );
  // a topic asked without hours (Texas BLS) is met by any course on it: its hours alone say how
  const amount = p.required === 0 ? (p.met ? `${formatHours(p.counted)} on this topic` : '— no course on this topic yet') : formatHoursOf(p.counted, p.required);
  return (
    <p className="rule-status">
      <span className={PILL[p.status]}>{RULE_STATUS_LABELS[p.status]}</span> {amount}
    </p>
  );
}

function Rules({ view }: { view: LicenseView }) {
  const id = view.license.id;
  return (
    <section aria-labelledby="rules-heading" className="license-section">
      <h2 id="rules-heading">Requirements</h2>
      {view.rules.length === 0 ? (
        <p className="empty">No rules yet. Add the hours and topics your board asks for.</p>
      ) : (
        <ul className="rule-list">
          {view.rules.map((rule) => (
            <li key={rule.id} className="rule">
              <h3 className="rule-title">{view.progress.rules.find((r) => r.ruleId === rule.id)?.label || describeRule(rule)}</h3>
              <RuleStanding rule={rule} view={view} />
              {rule.note && <p className="rule-note">{rule.note}</p>}
              {rule.preset ? <RuleSourceLine source={rule.preset.source} edited={rule.edited} /> : <p className="hint">A rule you added.</p>}
              <Link href={paths.licenseRule(id, rule.id)} className="button button-secondary button-small">
                Change<span className="visually-hidden"> the rule: {describeRule(rule)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link href={paths.licenseRule(id, 'new')} className="button button-secondary">
        Add a rule
      </Link>
    </section>
  );
}

function Split({ view }: { view: LicenseView }) {
  const { live, selfStudy, earned, counted } = view.progress;
  return (
    <table className="license-split">
      <caption className="visually-hidden">Hours by format: earned, and what counts</caption>
      <thead>
        <tr>
          <th scope="col">Format</th>
          <th scope="col">Earned</th>
          <th scope="col">Counts</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Live</th>
          <td>{formatHours(live.earned)}</td>
          <td>{formatHours(live.counted)}</td>
        </tr>
        <tr>
          <th scope="row">
            Self-study
            {selfStudy.cap !== null && <span className="hint"> (counts up to {formatHours(selfStudy.cap)})</span>}
          </th>
          <td>{formatHours(selfStudy.earned)}</td>
          <td>{formatHours(selfStudy.counted)}</td>
        </tr>
        <tr className="license-split-total">
          <th scope="row">Total</th>
          <td>{formatHours(earned)}</td>
          <td>{formatHours(counted)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * the next step for something left that no CE Pass course was named for: hours are found in the catalogue (live
 * ones among the webinars, when live hours are what is missing), a topic CE Pass does not teach (a hands-on CPR
 * course) is taken elsewhere and recorded here
 */
function nextStep(item: WhatsLeftItem, view: LicenseView): { href: string; label: string } {
  const rule = view.rules.find((r) => r.id === item.ruleId);
  const { cap, earned } = view.progress.selfStudy;
  const liveNeeded = rule?.kind === 'live-minimum' || (rule?.kind === 'total' && cap !== null && earned >= cap);
  if (rule?.kind === 'total' && !liveNeeded) return { href: paths.learn(), label: 'Find CE on CE Pass' };
  if (liveNeeded) return { href: paths.webinars(), label: 'Find a live webinar' };
  // the form opens on the rule's topic: the student should not have to find it again among the choices
  return { href: paths.reportedCourseAdd(view.license.id, rule?.topic, rule?.topic === 'other' ? rule.otherTopic : null), label: 'Record a course taken elsewhere' };
}

function WhatsLeft({ view }: { view: LicenseView }) {
  const left = view.progress.whatsLeft;
  return (
    <section aria-labelledby="left-heading" className="license-section">
      <h2 id="left-heading">What’s left</h2>
      {view.rules.length === 0 ? (
        // no rule yet is not "every requirement met"
        <p className="empty">Nothing to measure yet: add your board’s rules below.</p>
      ) : left.length === 0 ? (
        <p className="empty">Nothing: every requirement of this cycle is met.</p>
      ) : (
        <ul className="left-list">
          {left.map((item) => {
            const step = item.courses.length === 0 ? nextStep(item, view) : null;
            return (
              <li key={item.ruleId}>
                <p className="left-text">{item.text}</p>
                {step ? (
                  <p className="left-courses">
                    <Link href={step.href} className="text-link">
                      {step.label}
                      <span className="visually-hidden"> for {item.text}</span>
                    </Link>
                  </p>
                ) : (
                  <ul className="link-list left-courses" aria-label={`CE Pass courses for: ${item.text}`}>
                    {item.courses.map((course) => (
                      <li key={`${course.kind}-${course.hash}`}>
                        <Link href={courseHref(course)}>{course.title}</Link> <span className="hint">{course.credits} CEU</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function EntryRow({ entry }: { entry: Entry }) {
  return (
    <li className="entry">
      <CourseFacts course={entry} selfReported={entry.source === 'self-reported'} />
      {entry.hasProof && (
        <a className="text-link" href={reportedCourseProofUrl(entry.id)} download>
          Download proof<span className="visually-hidden"> of {entry.title}</span>
        </a>
      )}
      {entry.verifyUrl && (
        <a className="text-link" href={entry.verifyUrl}>
          Verify certificate<span className="visually-hidden"> of {entry.title}</span>
        </a>
      )}
    </li>
  );
}

function LicensePage({ view }: { view: LicenseView }) {
  const { license, cycle, cycles, progress } = view;
  const online = useOnline();
  const inCycle = view.entries.filter((e) => e.date >= cycle.start && e.date <= cycle.end);
  const finished = cycles.filter((c) => !c.current && c.end !== cycle.end);
  return (
    <>
      {!cycle.current && (
        <Alert tone="info">
          A finished cycle, {cycleName(cycle)}: its courses and progress as they stand. <Link href={paths.license(license.id)}>Back to the current cycle</Link>
        </Alert>
      )}
      <dl className="facts license-facts">
        <div>
          <dt>License</dt>
          <dd>
            {licenseTypeName(license.licenseType)}
            {license.number && ` · ${license.number}`}
          </dd>
        </div>
        <div>
          <dt>Cycle</dt>
          <dd>{cycleName(cycle)}</dd>
        </div>
        <div>
          <dt>Renewal</dt>
          <dd>
            {formatDay(cycle.end)}
            {cycle.current && <> · {renewalIn(progress.daysToRenewal)}</>}
          </dd>
        </div>
      </dl>
      <Link href={paths.licenseEdit(license.id)} className="button button-secondary button-small">
        Change license details
      </Link>

      <section aria-labelledby="progress-heading" className="license-section">
        <h2 id="progress-heading">Progress</h2>
        <ProgressMeter progress={progress} id="license-hours" />
        <Split view={view} />
        <p className="hint">What counts follows your rules: self-study above its limit, and hours above a topic’s cap, are earned but do not count toward the renewal.</p>
      </section>

      <WhatsLeft view={view} />
      <Rules view={view} />

      <section aria-labelledby="courses-heading" className="license-section">
        <h2 id="courses-heading">Courses in this cycle</h2>
        {cycle.current && <WaitingCourses level={3} />}
        {inCycle.length === 0 ? <p className="empty">No courses in this cycle yet.</p> : <ul className="entry-list">{inCycle.map((e) => <EntryRow key={`${e.source}-${e.id}-${e.certificateCode ?? ''}-${e.title}`} entry={e} />)}</ul>}
        <Link href={paths.reportedCourseAdd(license.id)} className="button button-secondary">
          Record CE earned elsewhere
        </Link>
      </section>

      <section aria-labelledby="audit-heading" className="license-section">
        <h2 id="audit-heading">Audit pack</h2>
        <p>For an audit or your own records: the transcript of this cycle, and a ZIP with the transcript, every CE Pass certificate and every proof you sent.</p>
        {/* made by CE Pass when asked: with no connection the browser would only say that the download failed */}
        {!online && <p className="hint">The audit pack needs a connection: CE Pass makes it when you download it.</p>}
        <div className="actions">
          <a className="button" href={licenseAuditPackUrl(license.id, cycle.end)} download>
            Download audit pack (ZIP)
          </a>
          <a className="button button-secondary" href={licenseTranscriptUrl(license.id, cycle.end)} download>
            Download transcript (PDF)
          </a>
        </div>
      </section>

      {finished.length > 0 && (
        <section aria-labelledby="cycles-heading" className="license-section">
          <h2 id="cycles-heading">Finished cycles</h2>
          <ul className="link-list">
            {finished.map((c) => (
              <li key={c.end}>
                <Link href={paths.license(license.id, c.end)}>{cycleName(c)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="hint">{CONFIRM_WITH_BOARD}: rules change, and CE Pass only tracks what you set here.</p>
    </>
  );
}

export default function LicenseScreen() {
  const id = idFrom(useParams<{ id: string }>().id);
  const cycle = new URLSearchParams(useSearch()).get('cycle');
  const query = useLicense(id, cycle);
  const title = query.data ? licenseName(query.data.license) : 'License';
  if (id === 0)
    return (
      <Screen title="License">
        <Alert tone="danger">This license does not exist.</Alert>
      </Screen>
    );
  return (
    <Screen refresh title={title}>
      <QueryState query={query} errorFallback={LOAD_ERROR} loadingLabel="Loading the license…">
        {(view) => <LicensePage view={view} />}
      </QueryState>
    </Screen>
  );
}
