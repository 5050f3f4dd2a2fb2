// The footer of spec §2: info links, the contact block and "version 0.9.5 build 54" (from package.json).
// The support address is the server's SUPPORT_EMAIL (from /api/health), so it follows the deployment.
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useHealth } from '../../features/support/api/get-health.ts';

export function SiteFooter() {
  // until the server has named it (or when it cannot be reached), the support form is the way to write to us
  const supportEmail = useHealth().data?.supportEmail;
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="inline-list">
          <li>
            <Link href={paths.about()}>About</Link>
          </li>
          <li>
            <Link href={paths.faculty()}>Faculty</Link>
          </li>
          <li>
            <Link href={paths.terms()}>Terms &amp; Conditions</Link>
          </li>
          <li>
            <Link href={paths.privacy()}>Privacy</Link>
          </li>
        </ul>
      </nav>
      <address className="contact">
        <strong>Contact us</strong>
        <br />
        <Link href={paths.support()}>Support form</Link>
        {supportEmail && (
          <>
            {' · '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </>
        )}
      </address>
      <p className="version">
        CE Pass version {__APP_VERSION__} build {__APP_BUILD__}
      </p>
    </footer>
  );
}
