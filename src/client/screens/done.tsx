// /done/{c}: the Done page (spec §2: it shows the word Done) at the end of the learning flow, with the ways on:
// back to the class, the certificate on CE Completed, home.
import { Link, useParams } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

export default function DoneScreen() {
  const { c = '' } = useParams<{ c: string }>();
  return (
    <Screen title="Done">
      <ul className="link-list">
        <li>
          <Link href={paths.classroom(c)}>Return to Classroom</Link>
        </li>
        <li>
          <Link href={paths.completed()}>CE Completed</Link>
        </li>
        <li>
          <Link href={paths.home()}>Home</Link>
        </li>
      </ul>
    </Screen>
  );
}
