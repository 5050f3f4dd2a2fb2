// The rows of a hub screen (Learn, My CE): one large link per destination, with an icon and a one-line
// description, each row a full-width tap target.
import { Link } from 'wouter';
import { Icon, type IconName } from './icon.tsx';

export interface HubItem {
  href: string;
  label: string;
  description: string;
  icon: IconName;
}

export function HubList({ items }: { items: readonly HubItem[] }) {
  return (
    <ul className="hub-list">
      {items.map((item) => (
        <li key={item.href}>
          <Link href={item.href} className="hub-row">
            <span className="hub-icon">
              <Icon name={item.icon} />
            </span>
            <span className="hub-text">
              <span className="hub-label">{item.label}</span>
              <span className="hub-description">{item.description}</span>
            </span>
            <Icon name="chevron" className="hub-chevron" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
