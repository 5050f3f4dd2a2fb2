// /about: placeholder text (spec §2).
import { Link } from 'wouter';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';

export default function AboutScreen() {
  return (
    <Screen title="About CE Pass">
      <p>
        CE Pass is a free continuing-education portal for dentists, hygienists and their staff. Reserve a seat at a live webinar, watch on-demand courses,
        listen to podcasts on the go, and earn CE credit with a certificate for each course you complete.
      </p>
      <p>
        Courses are free to take: sponsors support the programme. Create a free account to keep track of your credits and e-mail your Proof of CE report
        whenever you need it.
      </p>
      <p>
        <Link href={paths.register()}>Create a free account</Link> or <Link href={paths.support()}>contact support</Link>.
      </p>
    </Screen>
  );
}
