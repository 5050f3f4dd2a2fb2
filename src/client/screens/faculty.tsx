// /faculty: placeholder text (spec §2).
import { Link } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

export default function FacultyScreen() {
  return (
    <Screen title="Faculty">
      <p>
        Our speakers are practising dentists, hygienists, researchers and practice managers. Each course page names its speaker and sponsor, and lists
        the learning objectives.
      </p>
      <p>
        Browse <Link href={paths.webinars()}>upcoming live webinars</Link> or the <Link href={paths.ondemand()}>on-demand library</Link> to meet them.
      </p>
    </Screen>
  );
}
