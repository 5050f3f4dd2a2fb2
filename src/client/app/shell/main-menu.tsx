// The main menu of spec §2: the logged-out links, plus the student's own lists when logged in; the current
// page is marked with aria-current. On phones the shell shows it as a drawer. Last, where the browser
// can install the app, its Install button (or the iOS add-to-home-screen hint).
import { Link, useLocation } from 'wouter';
import { paths } from '../../config/paths.ts';
import { later } from '../deferred.tsx';
import { useIsLoggedIn, useSessionStore } from '../../features/session/stores/session-store.ts';

const InstallMenuEntry = later(() => import('../../features/install/install-offer.tsx').then((m) => m.InstallMenuEntry));

interface Item {
  href: string;
  label: string;
}

const publicItems = (loggedIn: boolean): Item[] => [
  { href: paths.home(), label: 'Home' },
  ...(loggedIn ? [] : [{ href: paths.login(), label: 'Login' }]),
  { href: paths.webinars(), label: 'Webinars' },
  { href: paths.ondemand(), label: 'On-Demand' },
  { href: paths.podcasts(), label: 'Podcasts' },
  { href: paths.ebooks(), label: 'eBooks' },
  { href: paths.tutorials(), label: 'Product Training' },
  // what this device keeps for no signal, logged in or not (downloaded episodes outlive a session)
  { href: paths.downloads(), label: 'Downloads' },
  { href: paths.support(), label: 'Support' },
];

const studentItems: Item[] = [
  { href: paths.seats(), label: 'Reserved Seats' },
  { href: paths.queue(), label: 'Watch Later' },
  { href: paths.pending(), label: 'CE in Progress' },
  { href: paths.completed(), label: 'CE Completed' },
  { href: paths.licenses(), label: 'My license' },
  { href: paths.reportedCourses(), label: 'CE earned elsewhere' },
  { href: paths.tutorialHistory(), label: 'Viewed Tutorials' },
  { href: paths.account(), label: 'Account' },
  { href: paths.logout(), label: 'Logout' },
];

/** a menu link is current on its own path and on its pages (/ondemand/2) and items (/podcast/… under Podcasts) */
const isCurrent = (href: string, location: string): boolean => {
  const base = href.split('?')[0];
  if (location === base || location.startsWith(`${base}/`)) return true;
  if (base === '/podcasts' && location.startsWith('/podcast/')) return true;
  if (base === '/login' && location.startsWith('/login/')) return true;
  return false;
};

function MenuList({ items, location, onNavigate, labelledBy }: { items: Item[]; location: string; onNavigate?: () => void; labelledBy?: string }) {
  return (
    <ul className="menu-list" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.href}>
          <Link href={item.href} aria-current={isCurrent(item.href, location) ? 'page' : undefined} onClick={onNavigate}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const loggedIn = useIsLoggedIn();
  const name = useSessionStore((s) => s.name);
  return (
    <>
      <MenuList items={publicItems(loggedIn)} location={location} onNavigate={onNavigate} />
      {loggedIn && (
        <>
          <p className="menu-heading" id="menu-my-ce">
            My CE{name ? <span className="menu-name"> · {name}</span> : null}
          </p>
          <MenuList items={studentItems} location={location} onNavigate={onNavigate} labelledBy="menu-my-ce" />
        </>
      )}
      <InstallMenuEntry />
    </>
  );
}
