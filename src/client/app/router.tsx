// Every route of spec §2 and decisions.md in one wouter <Switch>: lazily loaded screens (one chunk each),
// aliases and query forms as replacing redirects, the auth guard, dev-only playground pages, and Not Found.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { Loading } from '../components/ui/loading.tsx';
import { devPatterns, patterns, paths } from '../config/paths.ts';
import { RequireAuth } from './auth-guard.tsx';
import { lazyScreen, type LazyScreen } from './lazy-screen.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const S = {
  home: lazyScreen(() => import('../screens/home.tsx')),
  learn: lazyScreen(() => import('../screens/learn.tsx')),
  myCe: lazyScreen(() => import('../screens/my-ce.tsx')),
  downloads: lazyScreen(() => import('../screens/downloads.tsx')),
  licenses: lazyScreen(() => import('../screens/licenses.tsx')),
  licenseAdd: lazyScreen(() => import('../screens/license-add.tsx')),
  license: lazyScreen(() => import('../screens/license.tsx')),
  licenseEdit: lazyScreen(() => import('../screens/license-edit.tsx')),
  licenseRule: lazyScreen(() => import('../screens/license-rule.tsx')),
  reportedCourses: lazyScreen(() => import('../screens/reported-courses.tsx')),
  reportedCourseAdd: lazyScreen(() => import('../screens/reported-course-add.tsx')),
  search: lazyScreen(() => import('../screens/search.tsx')),
  about: lazyScreen(() => import('../screens/about.tsx')),
  faculty: lazyScreen(() => import('../screens/faculty.tsx')),
  terms: lazyScreen(() => import('../screens/terms.tsx')),
  privacy: lazyScreen(() => import('../screens/privacy.tsx')),
  support: lazyScreen(() => import('../screens/support.tsx')),
  account: lazyScreen(() => import('../screens/account.tsx')),
  gdpr: lazyScreen(() => import('../screens/gdpr.tsx')),
  sva: lazyScreen(() => import('../screens/sva.tsx')),
  survey: lazyScreen(() => import('../screens/survey.tsx')),
  classroom: lazyScreen(() => import('../screens/classroom.tsx')),
  reserve: lazyScreen(() => import('../screens/reserve.tsx')),
  live: lazyScreen(() => import('../screens/live.tsx')),
  affidavit: lazyScreen(() => import('../screens/affidavit.tsx')),
  cancelSeat: lazyScreen(() => import('../screens/cancel-seat.tsx')),
  podcast: lazyScreen(() => import('../screens/podcast.tsx')),
  eval: lazyScreen(() => import('../screens/eval.tsx')),
  evalPodcast: lazyScreen(() => import('../screens/eval-podcast.tsx')),
  exam: lazyScreen(() => import('../screens/exam.tsx')),
  examPodcast: lazyScreen(() => import('../screens/exam-podcast.tsx')),
  done: lazyScreen(() => import('../screens/done.tsx')),
  recover: lazyScreen(() => import('../screens/recover.tsx')),
  register: lazyScreen(() => import('../screens/register.tsx')),
  reset: lazyScreen(() => import('../screens/reset.tsx')),
  login: lazyScreen(() => import('../screens/login.tsx')),
  logout: lazyScreen(() => import('../screens/logout.tsx')),
  webinars: lazyScreen(() => import('../screens/webinars.tsx')),
  ondemand: lazyScreen(() => import('../screens/ondemand.tsx')),
  podcasts: lazyScreen(() => import('../screens/podcasts.tsx')),
  tutorials: lazyScreen(() => import('../screens/tutorials.tsx')),
  ebooks: lazyScreen(() => import('../screens/ebooks.tsx')),
  seats: lazyScreen(() => import('../screens/seats.tsx')),
  pending: lazyScreen(() => import('../screens/pending.tsx')),
  queue: lazyScreen(() => import('../screens/queue.tsx')),
  completed: lazyScreen(() => import('../screens/completed.tsx')),
  tutorialHistory: lazyScreen(() => import('../screens/tutorial-history.tsx')),
  verify: lazyScreen(() => import('../screens/verify.tsx')),
  notFound: lazyScreen(() => import('../screens/not-found.tsx')),
} satisfies Record<string, LazyScreen>;

export type ScreenName = keyof typeof S;

/** loads a screen's chunk ahead of the first render (start.tsx, for the screen a prerendered shell names) */
export const preloadScreen = (name: string): Promise<void> => (name in S ? S[name as ScreenName].preload() : Promise.resolve());

const auth = (Component: LazyScreen) =>
  function Guarded() {
    return (
      <RequireAuth>
        <Component />
      </RequireAuth>
    );
  };

/** an alias keeps its query string (e.g. /upcoming?q=… → /webinars?q=…) */
const withSearch = (to: string) => `${to}${to.includes('?') || typeof window === 'undefined' ? '' : window.location.search}`;

function QueryRedirect({ to, fallback }: { to: (q: URLSearchParams) => string | null; fallback: string }) {
  const target = to(new URLSearchParams(useSearch()));
  return <Redirect to={target ?? fallback} replace />;
}

// Developer playground pages exist only in development builds: in production this whole branch, and the
// chunk it would import, is dropped, and the paths fall through to Not Found.
const devRoutes = import.meta.env.DEV
  ? (() => {
      const Playground = lazy(() => import('../screens/dev-playground.tsx'));
      return devPatterns.map((pattern) => <Route key={pattern} path={pattern} component={Playground} />);
    })()
  : null;

const MyCe = auth(S.myCe);
const Licenses = auth(S.licenses);
const LicenseAdd = auth(S.licenseAdd);
const License = auth(S.license);
const LicenseEdit = auth(S.licenseEdit);
const LicenseRule = auth(S.licenseRule);
const ReportedCourses = auth(S.reportedCourses);
const ReportedCourseAdd = auth(S.reportedCourseAdd);
const Seats = auth(S.seats);
const Pending = auth(S.pending);
const Queue = auth(S.queue);
const Completed = auth(S.completed);
const TutorialHistory = auth(S.tutorialHistory);
const Account = auth(S.account);
const Gdpr = auth(S.gdpr);
const Sva = auth(S.sva);
const Survey = auth(S.survey);
const Live = auth(S.live);
const Affidavit = auth(S.affidavit);
const Eval = auth(S.eval);
const EvalPodcast = auth(S.evalPodcast);
const Exam = auth(S.exam);
const ExamPodcast = auth(S.examPodcast);
const Done = auth(S.done);

export function AppRoutes() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={patterns.root}>
            <Redirect to={paths.home()} replace />
          </Route>
          <Route path={patterns.home} component={S.home} />
          <Route path={patterns.learn} component={S.learn} />
          <Route path={patterns.myCe} component={MyCe} />
          {/* not guarded: downloaded episodes may outlive a session, and the list needs no server */}
          <Route path={patterns.downloads} component={S.downloads} />
          {/* 'add' before ':id', which would take it as a license's id */}
          <Route path={patterns.licenses} component={Licenses} />
          <Route path={patterns.licenseAdd} component={LicenseAdd} />
          <Route path={patterns.licenseEdit} component={LicenseEdit} />
          <Route path={patterns.licenseRule} component={LicenseRule} />
          <Route path={patterns.license} component={License} />
          <Route path={patterns.reportedCourses} component={ReportedCourses} />
          <Route path={patterns.reportedCourseAdd} component={ReportedCourseAdd} />
          <Route path={patterns.search} component={S.search} />
          <Route path={patterns.about} component={S.about} />
          <Route path={patterns.faculty} component={S.faculty} />
          <Route path={patterns.terms} component={S.terms} />
          <Route path={patterns.privacy} component={S.privacy} />
          <Route path={patterns.support} component={S.support} />
          <Route path={patterns.account} component={Account} />
          <Route path={patterns.gdpr} component={Gdpr} />
          <Route path={patterns.sva} component={Sva} />
          <Route path={patterns.survey} component={Survey} />

          <Route path={patterns.classroom} component={S.classroom} />
          <Route path={patterns.classroomQuery}>
            <QueryRedirect to={(q) => (q.get('c') ? paths.classroom(q.get('c')!) : null)} fallback={paths.pending()} />
          </Route>
          <Route path={patterns.reserve} component={S.reserve} />
          <Route path={patterns.reserveAlias}>{(p) => <Redirect to={withSearch(paths.reserve(p.c))} replace />}</Route>
          <Route path={patterns.live} component={Live} />
          <Route path={patterns.liveAlias}>{(p) => <Redirect to={withSearch(paths.live(p.c))} replace />}</Route>
          <Route path={patterns.affidavit} component={Affidavit} />
          <Route path={patterns.affidavitAlias}>{(p) => <Redirect to={withSearch(paths.affidavit(p.c))} replace />}</Route>
          <Route path={patterns.cancelSeat} component={S.cancelSeat} />
          <Route path={patterns.cancelSeatQuery}>
            <QueryRedirect to={(q) => (q.get('code') ? paths.cancelSeat(q.get('code')!) : null)} fallback={paths.pending()} />
          </Route>
          <Route path={patterns.cancelAlias}>{(p) => <Redirect to={paths.cancelSeat(p.code)} replace />}</Route>
          <Route path={patterns.podcast} component={S.podcast} />
          <Route path={patterns.podcastQuery}>
            <QueryRedirect to={(q) => (q.get('ps') ? paths.podcast(q.get('ps')!, q.get('p')) : null)} fallback={paths.podcasts()} />
          </Route>

          <Route path={patterns.eval} component={Eval} />
          <Route path={patterns.evalPodcast} component={EvalPodcast} />
          <Route path={patterns.exam} component={Exam} />
          <Route path={patterns.examPodcast} component={ExamPodcast} />
          <Route path={patterns.done} component={Done} />

          <Route path={patterns.recover} component={S.recover} />
          <Route path={patterns.register} component={S.register} />
          <Route path={patterns.reset} component={S.reset} />
          <Route path={patterns.login} component={S.login} />
          <Route path={patterns.logout} component={S.logout} />

          <Route path={patterns.webinars} component={S.webinars} />
          <Route path={patterns.upcomingAlias}>
            <Redirect to={withSearch(paths.webinars())} replace />
          </Route>
          <Route path={patterns.ondemand} component={S.ondemand} />
          <Route path={patterns.podcasts} component={S.podcasts} />
          <Route path={patterns.tutorials} component={S.tutorials} />
          <Route path={patterns.ebooks} component={S.ebooks} />

          <Route path={patterns.seats} component={Seats} />
          <Route path={patterns.reservedAlias}>
            <Redirect to={paths.seats()} replace />
          </Route>
          <Route path={patterns.pending} component={Pending} />
          <Route path={patterns.examsAlias}>{(p) => <Redirect to={paths.pending(p.page ? Number(p.page) : null)} replace />}</Route>
          <Route path={patterns.queue} component={Queue} />
          <Route path={patterns.completed} component={Completed} />
          <Route path={patterns.completedExamsAlias}>{(p) => <Redirect to={withSearch(paths.completed(p.page ? Number(p.page) : null))} replace />}</Route>
          <Route path={patterns.tutorialHistory} component={TutorialHistory} />
          {/* open: the auditor who scans a certificate's QR code has no account */}
          <Route path={patterns.verify} component={S.verify} />

          {devRoutes}

          <Route path={patterns.notFound} component={S.notFound} />
          <Route component={S.notFound} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
