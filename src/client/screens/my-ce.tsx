// /my-ce, the My CE tab's hub (docs/decisions/0011-phone-shell.md): the student's own lists of spec §2, one
// row each, the license tracker (issue 19): My license and CE earned elsewhere, and what this device keeps for
// offline use (Downloads).
import { HubList, type HubItem } from '../components/ui/hub-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

const ITEMS: readonly HubItem[] = [
  { href: paths.pending(), label: 'CE in Progress', description: 'Courses you have started: pick up where you left off.', icon: 'progress' },
  { href: paths.completed(), label: 'CE Completed', description: 'Your credits, certificates and Proof of CE.', icon: 'completed' },
  { href: paths.queue(), label: 'Watch Later', description: 'Webinars and episodes you saved for later.', icon: 'bookmark' },
  { href: paths.seats(), label: 'Reserved Seats', description: 'Live webinars you reserved or are waitlisted for.', icon: 'calendar' },
  { href: paths.licenses(), label: 'My license', description: 'Your renewal: hours, live and self-study, mandatory topics, audit pack.', icon: 'license' },
  { href: paths.reportedCourses(), label: 'CE earned elsewhere', description: 'Courses you took with other providers, with their proof.', icon: 'reported' },
  { href: paths.tutorialHistory(), label: 'Viewed Tutorials', description: 'Product training you have watched.', icon: 'viewed' },
  { href: paths.downloads(), label: 'Downloads', description: 'Episodes and e-books on this device, for no signal.', icon: 'download' },
];

export default function MyCeScreen() {
  return (
    <Screen title="My CE">
      <HubList items={ITEMS} />
    </Screen>
  );
}
