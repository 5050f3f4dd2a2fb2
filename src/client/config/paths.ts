// Every route of spec §2 (and decisions.md): its pattern for the router and a typed href builder.
// Components build links only through `paths`; nobody writes `/classroom-live/${hash}` by hand.
import { pageParam, sanitizeKeyword } from '#shared/domain/keyword';

/** the list filters spec §2 carries in the query string (cid, coid, q) */
export interface ListFilters {
  cid?: number | string | null;
  coid?: number | string | null;
  q?: string | null;
}

/** the tabs of CE Completed (spec §4: Webinars by default) */
export type CompletedTab = 'webinars' | 'podcasts';

/** the tab a CE Completed URL names: anything but 'podcasts' is the default */
export const completedTabFrom = (search: string): CompletedTab => (new URLSearchParams(search).get('tab') === 'podcasts' ? 'podcasts' : 'webinars');
/** the Account screen's tabs: in the query too, so a reload (or a link) opens the one the student was on */
export const ACCOUNT_TABS = ['home', 'profile', 'password'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const accountTabFrom = (search: string): AccountTab => ACCOUNT_TABS.find((t) => t === new URLSearchParams(search).get('tab')) ?? 'home';

type QueryValue = string | number | boolean | null | undefined;

const enc = encodeURIComponent;

/** `?a=1&b=2` from the defined values, or '' */
export const queryString = (query: Record<string, QueryValue> = {}): string => {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${enc(key)}=${enc(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

/** 1-based page in the URL; page 1 is the bare list path */
const paged =
  (base: string) =>
  (page?: number | null, filters?: ListFilters): string =>
    `${base}${page && page > 1 ? `/${page}` : ''}${queryString({ cid: filters?.cid, coid: filters?.coid, q: filters?.q })}`;

/** route patterns (wouter / regexparam syntax); aliases and query forms redirect to the canonical ones */
export const patterns = {
  root: '/',
  home: '/home',
  // the phone's hub tabs (docs/decisions/0011-phone-shell.md): additions to the spec's route table
  learn: '/learn',
  myCe: '/my-ce',
  // what this device keeps for offline use (offline issue 15), under My CE
  downloads: '/downloads',
  // the license tracker (issue 19), under My CE: licenses, a license's page and its rules, CE earned elsewhere
  licenses: '/my-license',
  licenseAdd: '/my-license/add',
  license: '/my-license/:id',
  licenseEdit: '/my-license/:id/edit',
  licenseRule: '/my-license/:id/rule/:rule',
  reportedCourses: '/ce-elsewhere',
  reportedCourseAdd: '/ce-elsewhere/add',
  search: '/search',
  about: '/about',
  faculty: '/faculty',
  terms: '/terms',
  privacy: '/privacy',
  support: '/support',
  account: '/account',
  gdpr: '/gdpr',
  sva: '/sva/:c',
  survey: '/survey/:c',
  classroom: '/classroom/:c',
  classroomQuery: '/classroom',
  reserve: '/classroom-reserve/:c',
  reserveAlias: '/reserve/:c',
  live: '/classroom-live/:c',
  liveAlias: '/live/:c',
  affidavit: '/classroom-affidavit/:c',
  affidavitAlias: '/affidavit/:c',
  cancelSeat: '/cancel-seat/:code',
  cancelSeatQuery: '/cancel-seat',
  cancelAlias: '/cancel/:code',
  podcast: '/podcast/:ps/:p?',
  podcastQuery: '/podcast',
  eval: '/eval/:c',
  evalPodcast: '/eval-podcast/:p',
  exam: '/exam/:c',
  examPodcast: '/exam-podcast/:p',
  done: '/done/:c',
  recover: '/recover',
  register: '/register',
  reset: '/reset/:token',
  login: '/login/:s?',
  logout: '/logout',
  webinars: '/webinars',
  upcomingAlias: '/upcoming',
  ondemand: '/ondemand/:page?',
  podcasts: '/podcasts/:page?',
  tutorials: '/tutorials/:page?',
  ebooks: '/ebooks/:page?',
  seats: '/seats',
  reservedAlias: '/reserved',
  pending: '/pending/:page?',
  examsAlias: '/exams/:page?',
  queue: '/queue/:page?',
  completed: '/completed/:page?',
  completedExamsAlias: '/completed-exams/:page?',
  tutorialHistory: '/tutorial-history/:page?',
  verify: '/verify/:code?',
  notFound: '/404',
} as const;

/** developer playground pages: registered only in development builds (decisions.md) */
export const devPatterns = [
  '/hello',
  '/test',
  '/test2',
  '/fa',
  '/fa2',
  '/bv',
  '/bv2',
  '/yt',
  '/ytv',
  '/plyr',
  '/plyr2/:ps?',
  '/plyr3/:ps?',
  '/plyr-youtube/:v?',
  '/plyryt/:v?',
] as const;

export const paths = {
  home: () => '/home',
  learn: () => '/learn',
  myCe: () => '/my-ce',
  downloads: () => '/downloads',
  licenses: () => '/my-license',
  licenseAdd: () => '/my-license/add',
  /** a license's page, in its current cycle or the cycle ending on `cycle` (YYYY-MM-DD) */
  license: (id: number | string, cycle?: string | null) => `/my-license/${enc(String(id))}${queryString({ cycle })}`,
  licenseEdit: (id: number | string) => `/my-license/${enc(String(id))}/edit`,
  /** a rule of the license to change, or a new one */
  licenseRule: (id: number | string, rule: number | 'new') => `/my-license/${enc(String(id))}/rule/${rule}`,
  reportedCourses: () => '/ce-elsewhere',
  /** the form; `license` brings the student back to that license's page once the course is recorded */
  /** from a license, and for the topic a rule of it asks (a named one, or the student's own words for another) */
  reportedCourseAdd: (license?: number | null, topic?: string | null, otherTopic?: string | null) => `/ce-elsewhere/add${queryString({ license, topic, other: otherTopic })}`,
  search: (filters?: ListFilters) => `/search${queryString({ cid: filters?.cid, coid: filters?.coid, q: filters?.q })}`,
  about: () => '/about',
  faculty: () => '/faculty',
  terms: () => '/terms',
  privacy: () => '/privacy',
  support: () => '/support',
  account: (tab?: AccountTab | null) => `/account${queryString({ tab: tab === 'home' ? null : tab })}`,
  gdpr: () => '/gdpr',
  sva: (c: string) => `/sva/${enc(c)}`,
  survey: (c: string) => `/survey/${enc(c)}`,
  classroom: (c: string) => `/classroom/${enc(c)}`,
  reserve: (c: string) => `/classroom-reserve/${enc(c)}`,
  live: (c: string) => `/classroom-live/${enc(c)}`,
  affidavit: (c: string) => `/classroom-affidavit/${enc(c)}`,
  cancelSeat: (code: string) => `/cancel-seat/${enc(code)}`,
  podcast: (ps: string, p?: string | null) => `/podcast/${enc(ps)}${p ? `/${enc(p)}` : ''}`,
  eval: (c: string) => `/eval/${enc(c)}`,
  evalPodcast: (p: string) => `/eval-podcast/${enc(p)}`,
  exam: (c: string) => `/exam/${enc(c)}`,
  examPodcast: (p: string) => `/exam-podcast/${enc(p)}`,
  done: (c: string) => `/done/${enc(c)}`,
  recover: () => '/recover',
  register: (opts?: { rurl?: string | null }) => `/register${queryString({ rurl: opts?.rurl })}`,
  reset: (token: string) => `/reset/${enc(token)}`,
  login: (opts?: { rurl?: string | null; s?: string | null }) => `/login${opts?.s ? `/${enc(opts.s)}` : ''}${queryString({ rurl: opts?.rurl })}`,
  logout: () => '/logout',
  webinars: (filters?: ListFilters) => `/webinars${queryString({ cid: filters?.cid, coid: filters?.coid, q: filters?.q })}`,
  ondemand: paged('/ondemand'),
  podcasts: paged('/podcasts'),
  tutorials: paged('/tutorials'),
  ebooks: paged('/ebooks'),
  seats: () => '/seats',
  pending: paged('/pending'),
  queue: paged('/queue'),
  // the tab rides in the query so a link (the exam's pass, the alias) can open the Podcasts tab
  completed: (page?: number | null, tab?: CompletedTab | null) => `/completed${page && page > 1 ? `/${page}` : ''}${queryString({ tab: tab === 'podcasts' ? tab : null })}`,
  tutorialHistory: paged('/tutorial-history'),
  verify: (code: string) => `/verify/${enc(code)}`,
  notFound: () => '/404',
};

/**
 * The return path after login: only a same-origin path ('/…', never '//host' or a scheme),
 * so a crafted link cannot send the user elsewhere. Default /home (spec §9).
 */
export const safeReturnPath = (rurl: string | null | undefined): string => {
  if (!rurl || !rurl.startsWith('/')) return paths.home();
  // let the URL parser decide: '/\t/evil.example' and '/\\evil' are other origins to a browser
  const base = 'https://cepass.invalid';
  try {
    const u = new URL(rurl, base);
    return u.origin === base ? `${u.pathname}${u.search}${u.hash}` : paths.home();
  } catch {
    return paths.home();
  }
};

/** the 1-based page of a `:page?` route parameter (spec §5: 0 or less, or garbage, becomes 1) */
export { pageParam };

/** the URL already names the page as the app would write it (no /ondemand/0, /ondemand/1, /ondemand/02) */
export const isCanonicalPage = (raw: string | undefined): boolean => {
  if (raw === undefined) return true;
  const page = pageParam(raw);
  return page > 1 && raw === String(page);
};

/** the list filters of a query string, as the list calls take them */
export interface QueryFilters {
  cid?: string;
  coid?: string;
  q?: string;
}

/**
 * the list filters of the current query string: only whole-number ids, and the keyword as the server will
 * search it (spec §5), so a keyword the server ignores ('ab') is no active filter here either
 */
export const filtersFrom = (search: string): QueryFilters => {
  const params = new URLSearchParams(search);
  const id = (name: string) => {
    const value = params.get(name)?.trim();
    return value && /^\d{1,9}$/.test(value) ? value : undefined;
  };
  return { cid: id('cid'), coid: id('coid'), q: sanitizeKeyword(params.get('q')) ?? undefined };
};

export const hasFilters = (f: QueryFilters): boolean => Boolean(f.cid || f.coid || f.q);
