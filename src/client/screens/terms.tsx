// /terms: the 'terms' blurb.
import { BlurbPage } from './blurb-page.tsx';

export default function TermsScreen() {
  return <BlurbPage code="terms" title="Terms & Conditions" />;
}
