// /done/{c}: the Done page (spec §2) after the learning flow.
import { Link } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

export default function DoneScreen() {
  return (
    <Screen title="Done">
      <p>Done</p>
      <ul className="link-list">
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
