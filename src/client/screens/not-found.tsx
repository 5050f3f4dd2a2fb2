// Any unknown path and /404 (spec §2, §8): 'Page Not Found', 'Unable to locate this resource.' and a Home link to /login.
import { Link } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

export default function NotFoundScreen() {
  return (
    <Screen title="Page Not Found">
      <p>Unable to locate this resource.</p>
      <Link className="button" href={paths.login()}>
        Home
      </Link>
    </Screen>
  );
}
