// A guard's redirect that says why (spec §4, e.g. 'Please view class before taking exam.' on the way to the
// classroom): the notice is set first, so the replacing navigation is the one that carries it (lib/notice.ts).
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { showNotice } from '../../lib/notice.ts';

export function NoticeRedirect({ to, notice }: { to: string; notice: string }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    showNotice(notice);
    navigate(to, { replace: true });
  }, [to, notice, navigate]);
  return null;
}
