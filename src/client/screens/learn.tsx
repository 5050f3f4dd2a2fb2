// /learn, the Learn tab's hub (docs/decisions/0011-phone-shell.md): the spec's open lists of CE, one row each.
import { HubList, type HubItem } from '../components/ui/hub-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

// named as each list's own screen names itself, so the row and the screen it opens agree
const ITEMS: readonly HubItem[] = [
  { href: paths.webinars(), label: 'Upcoming Webinars', description: 'Reserve a seat in a live, interactive webinar.', icon: 'webinar' },
  { href: paths.ondemand(), label: 'On-Demand Webinars', description: 'Watch recorded webinars for self-study credit.', icon: 'ondemand' },
  { href: paths.podcasts(), label: 'Podcasts', description: 'Listen to an episode, then take its exam.', icon: 'podcasts' },
  { href: paths.tutorials(), label: 'Product Training', description: 'Short tutorials on dental products.', icon: 'training' },
  { href: paths.ebooks(), label: 'Dental eBooks', description: 'Free eBooks to read on any device.', icon: 'ebook' },
];

export default function LearnScreen() {
  return (
    <Screen title="Learn">
      <HubList items={ITEMS} />
    </Screen>
  );
}
