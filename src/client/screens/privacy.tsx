// /privacy: the 'privacy' blurb.
import { BlurbPage } from './blurb-page.tsx';

export default function PrivacyScreen() {
  return <BlurbPage code="privacy" title="Privacy Policy" />;
}
