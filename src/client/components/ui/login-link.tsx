// A visitor's way to what needs an account (Reserve Seat, an e-book's Download, credit for a class): the login
// screen, which then says why it came up ('Please log in to continue.', as the auth guard's does: a bare form reads
// as a wrong turn), and comes back to `rurl` once logged in.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LOG_IN_TO_CONTINUE } from '#shared/api/endpoint';
import { paths } from '../../config/paths.ts';
import { showNotice } from '../../lib/notice.ts';

interface LoginLinkProps {
  rurl: string;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

export function LoginLink({ rurl, children, ...rest }: LoginLinkProps) {
  return (
    <Link href={paths.login({ rurl })} onClick={() => showNotice(LOG_IN_TO_CONTINUE)} {...rest}>
      {children}
    </Link>
  );
}
