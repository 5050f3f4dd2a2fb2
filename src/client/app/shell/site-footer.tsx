// The footer of spec §2: info links, the contact block and "version 0.9.5 build 54" (from package.json).
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';

export const SUPPORT_EMAIL = 'support@cepass.example';

export function SiteFooter() {
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
        {' · '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </address>
      <p className="version">
        CE Pass version {__APP_VERSION__} build {__APP_BUILD__}
      </p>
    </footer>
  );
}
