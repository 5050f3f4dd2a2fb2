// Where each screen sits under the phone's five tabs: the parent a Back button opens when there is no in-app
// history (a screen opened from a link or an e-mail), and the tab a screen belongs to. One table, by path.
import { paths } from './paths.ts';

/** the bottom tabs' roots (docs/decisions/0011-phone-shell.md); Login stands in for Account for a visitor */
export type Tab = 'home' | 'learn' | 'podcasts' | 'my-ce' | 'account' | 'login';

const ROOTS: Record<string, Tab> = {
  '': 'home',
  home: 'home',
  learn: 'learn',
  // a page of the list (/podcasts/2) is the same screen as its first page
  podcasts: 'podcasts',
  'my-ce': 'my-ce',
  account: 'account',
  login: 'login',
};

/** the tab whose root this path segment is (own keys only: '/constructor' is Not Found, not a root) */
const rootOf = (section: string): Tab | undefined => (Object.hasOwn(ROOTS, section) ? ROOTS[section] : undefined);

/** the first path segment and the one after it (a class, series or episode hash), decoded */
const segments = (pathname: string): [string, string] => {
  const [, section = '', arg = ''] = pathname.split('/');
  try {
    return [section, decodeURIComponent(arg)];
  } catch {
    return [section, ''];
  }
};

/**
 * The screen one level up from `pathname`, or null on a tab root. Aliases are listed beside their canonical
 * route because a Back button may render for an instant before the alias redirects.
 */
export function parentOf(pathname: string): string | null {
  const [section, arg] = segments(pathname);
  if (rootOf(section)) return null;
  switch (section) {
    case 'webinars':
    case 'upcoming':
    case 'ondemand':
    case 'tutorials':
    case 'ebooks':
      return paths.learn();
    // a class opened from a link goes back to its list (tutorials open here too; on-demand is the usual one)
    case 'classroom':
      return paths.ondemand();
    case 'classroom-reserve':
    case 'reserve':
    case 'classroom-live':
    case 'live':
    case 'cancel-seat':
    case 'cancel':
      return paths.webinars();
    case 'classroom-affidavit':
    case 'affidavit':
      return arg ? paths.live(arg) : paths.webinars();
    // the course steps of spec §4 belong to their class (a live one redirects from the classroom to its live page)
    case 'eval':
    case 'sva':
    case 'survey':
    case 'exam':
    case 'done':
      return arg ? paths.classroom(arg) : paths.ondemand();
    // an episode's steps name the episode, not its series: the list is the nearest screen we can name
    case 'podcast':
    case 'eval-podcast':
    case 'exam-podcast':
      return paths.podcasts();
    case 'seats':
    case 'reserved':
    case 'pending':
    case 'exams':
    case 'queue':
    case 'completed':
    case 'completed-exams':
    case 'tutorial-history':
    case 'downloads':
      return paths.myCe();
    // a license's page goes back to the list, its rule and details forms to the license; the list to My CE
    case 'my-license':
      if (!arg) return paths.myCe();
      return arg !== 'add' && ['rule', 'edit'].includes(pathname.split('/')[3] ?? '') ? paths.license(arg) : paths.licenses();
    case 'ce-elsewhere':
      return arg ? paths.reportedCourses() : paths.myCe();
    case 'gdpr':
      return paths.account();
    case 'register':
    case 'recover':
    case 'reset':
      return paths.login();
    // search, the info pages, support, certificate verification, logout, Not Found
    default:
      return paths.home();
  }
}

/** the tab `pathname` lies under: its own root, or the root its chain of parents reaches */
export function tabOf(pathname: string): Tab {
  let path = pathname;
  // the table is at most four levels deep (affidavit → live → webinars → learn); the bound guards a bad edit
  for (let step = 0; step < 6; step++) {
    const root = rootOf(segments(path)[0]);
    if (root) return root;
    const parent = parentOf(path);
    if (parent === null) break;
    path = parent;
  }
  return 'home';
}
