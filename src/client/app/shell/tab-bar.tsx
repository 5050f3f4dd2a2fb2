// The phone's bottom tab bar (issue 12, docs/decisions/0011-phone-shell.md): Home, Learn, Podcasts, My CE and
// Account (Login for a visitor, spec §2's menu word), the current tab marked also on the screens below it (config/parents.ts).
import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { tabOf, type Tab } from '../../config/parents.ts';
import { paths } from '../../config/paths.ts';
import { useIsLoggedIn } from '../../features/session/stores/session-store.ts';

interface TabItem {
  tab: Tab;
  href: string;
  label: string;
  icon: IconName;
}

const tabs = (loggedIn: boolean): TabItem[] => [
  { tab: 'home', href: paths.home(), label: 'Home', icon: 'home' },
  { tab: 'learn', href: paths.learn(), label: 'Learn', icon: 'learn' },
  { tab: 'podcasts', href: paths.podcasts(), label: 'Podcasts', icon: 'podcasts' },
  { tab: 'my-ce', href: paths.myCe(), label: 'My CE', icon: 'award' },
  loggedIn ? { tab: 'account', href: paths.account(), label: 'Account', icon: 'account' } : { tab: 'login', href: paths.login(), label: 'Login', icon: 'login' },
];

export function TabBar({ inert }: { inert?: boolean }) {
  const [location] = useLocation();
  const loggedIn = useIsLoggedIn();
  const current = tabOf(location);
  return (
    <nav className="tab-bar" aria-label="Sections" inert={inert}>
      <ul>
        {tabs(loggedIn).map((item) => (
          <li key={item.tab}>
            <Link href={item.href} className="tab" aria-current={item.tab === current ? 'page' : undefined}>
              <Icon name={item.icon} className="tab-icon" />
              <span className="tab-label">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
