// Refresh on a list (issue 21): the installed app has no reload button and a list may show an answer kept from
// before, so every list screen has a Refresh in its title row that loads what is on screen again, in place; in
// the installed app, pulling the top of the screen down does the same, as phone apps do.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../lib/online.ts';
import { Icon } from './icon.tsx';

type State = 'idle' | 'busy' | 'done' | 'failed' | 'offline';
/** what the button says (short: it sits beside the title on a phone), and what is announced */
const SAID: Record<State, [label: string, announced: string]> = {
  idle: ['Refresh', ''],
  busy: ['Refreshing…', 'Refreshing…'],
  done: ['Updated', 'Updated just now.'],
  failed: ['Not updated', 'Not updated: unable to reach CE Pass. Check your connection and try again.'],
  offline: ['Offline', 'You are offline. This list refreshes when you are back online.'],
};
/** how far the top of the screen is pulled before letting go refreshes (px) */
const PULL_PX = 72;

const standalone = () => matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function RefreshControl() {
  const client = useQueryClient();
  const online = useOnline();
  const [state, setState] = useState<State>('idle');
  const [pull, setPull] = useState(0);
  const busy = state === 'busy';
  /** the refresh did not happen: the word shows, on a phone too */
  const said = state === 'failed' || state === 'offline';

  const refresh = async () => {
    if (busy) return;
    const started = Date.now();
    // offline, the loads wait for the network (TanStack resumes them) and the list keeps what it shows
    if (!navigator.onLine) {
      void client.refetchQueries({ type: 'active' });
      setState('offline');
      return;
    }
    setState('busy');
    await client.refetchQueries({ type: 'active' });
    const failed = client
      .getQueryCache()
      .findAll({ type: 'active' })
      .some((q) => q.state.errorUpdatedAt >= started || (q.state.fetchFailureCount > 0 && q.state.dataUpdatedAt < started));
    setState(failed ? 'failed' : 'done');
  };
  const latest = useRef(refresh);
  latest.current = refresh;

  // what it said goes after a moment: the button is the same button again
  useEffect(() => {
    if (state === 'idle' || state === 'busy') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  useEffect(() => {
    if (online && state === 'offline') setState('idle');
  }, [online, state]);

  // pull to refresh, only in the installed app: a browser tab has its own (which reloads the page)
  useEffect(() => {
    if (!standalone()) return;
    let startY: number | null = null;
    let pulled = 0;
    const start = (e: TouchEvent) => {
      startY = scrollY <= 0 && e.touches.length === 1 ? e.touches[0]!.clientY : null;
      pulled = 0;
    };
    const move = (e: TouchEvent) => {
      if (startY === null) return;
      pulled = Math.max(0, Math.min(PULL_PX * 1.5, e.touches[0]!.clientY - startY));
      setPull(pulled);
    };
    const end = () => {
      if (startY !== null && pulled >= PULL_PX) void latest.current();
      startY = null;
      setPull(0);
    };
    addEventListener('touchstart', start, { passive: true });
    addEventListener('touchmove', move, { passive: true });
    addEventListener('touchend', end);
    addEventListener('touchcancel', end);
    return () => {
      removeEventListener('touchstart', start);
      removeEventListener('touchmove', move);
      removeEventListener('touchend', end);
      removeEventListener('touchcancel', end);
    };
  }, []);

  return (
    <>
      {pull > 0 && (
        <div className="pull-indicator" aria-hidden="true" style={{ opacity: Math.min(1, pull / PULL_PX) }} data-ready={pull >= PULL_PX || undefined}>
          <Icon name="refresh" />
        </div>
      )}
      <button
        type="button"
        className="icon-button refresh-button"
        aria-disabled={busy || undefined}
        data-busy={busy || undefined}
        data-said={said || undefined}
        onClick={() => void refresh()}
      >
        <Icon name="refresh" />
        <span className={said ? undefined : 'phone-hidden-label'}>{SAID[state][0]}</span>
      </button>
      <span className="visually-hidden" role="status">
        {SAID[state][1]}
      </span>
    </>
  );
}
