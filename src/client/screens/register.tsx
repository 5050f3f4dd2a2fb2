// /register?rurl= (spec §2): the free account form. Its fields and rules (domain/registration) arrive with
// the accounts issue; until then the screen explains itself and links back to login.
import { Link, useSearch } from 'wouter';
import { NOT_AVAILABLE_YET } from '#shared/api/endpoint';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths, safeReturnPath } from '../config/paths.ts';

export const REGISTER_AGREEMENT = 'By clicking the Create Account button below you agree to the CE Pass Terms & Conditions.';

export default function RegisterScreen() {
  const rurl = safeReturnPath(new URLSearchParams(useSearch()).get('rurl'));
  return (
    <Screen title="Create Account">
      <p>A free account keeps your CE credits, certificates and reserved seats in one place.</p>
      <Alert tone="info">{NOT_AVAILABLE_YET}</Alert>
      <p>
        {REGISTER_AGREEMENT} <Link href={paths.terms()}>Read the Terms &amp; Conditions</Link>.
      </p>
      <p>
        Already have an account? <Link href={paths.login({ rurl: rurl === paths.home() ? null : rurl })}>Login</Link>
      </p>
    </Screen>
  );
}
