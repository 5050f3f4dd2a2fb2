// What the server's render of a screen (decisions 0024, 0028) cannot know of the device, rendered so that the app's
// hydration of that markup (start.tsx) renders what the server rendered: any other text is a mismatch, and React then
// renders the whole page again (decision 0051). What the device says comes in renders after the screen has
// hydrated, each in a task of its own: the device's zone name sets up Intl's dates (20–30 ms), which must not
// lengthen the hydration's tasks. A part that hydrates later (a Suspense boundary) reads the server's values as it
// hydrates, then the device's, as React does for any store whose server snapshot differs.
import { useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatTime, type ZoneOption } from '#shared/domain/format';
import { firstScreen, mounted } from './first-screen.ts';

// 'server': the server's values; 'hydrated': the app's own parts too (the mark of the server's markup goes, the
// parts it does not render come); 'device': the device's zone as well
type Phase = 'server' | 'hydrated' | 'device';
// on the device, the device's from the start; Node's render reads the server snapshots only
let phase: Phase = 'device';
const listeners = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
const inTask = (run: () => void) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      run();
      resolve();
    }),
  );
const enter = (next: Phase) => () => {
  phase = next;
  for (const onChange of listeners) onChange();
};
/** a moment was shown with its zone's name (ShownMoments.dateTime), which needs Intl's dates on the device */
let zoneNamed = false;

/**
 * start.tsx: the app's first render is a hydration of the server's markup. Each in a task of its own: once the
 * screen has hydrated (its route's part hydrates after the frame, at a lower priority), the app's own parts; once
 * the first screen is shown, Intl's dates set up when a zone's name is shown, then the device's zone.
 */
export const startHydrating = (): void => {
  phase = 'server';
  void mounted
    .then(() => inTask(enter('hydrated')))
    .then(() => firstScreen)
    // the result is not used: the formatter it makes is kept (format.ts) for the device's render
    .then(() => inTask(() => void (zoneNamed && formatTime(Date.now()))))
    .then(() => inTask(enter('device')));
};

/** false in the server's render and the app's hydration of it, until the render after; true in a render of the app's own */
export const useHydrated = (): boolean => useSyncExternalStore(subscribe, () => phase !== 'server', () => false);

/** a moment as the spec writes it (format.ts), in the zone the render shows */
export interface ShownMoments {
  date: (value: string | null | undefined) => string;
  /** with the zone's name after the time, which needs Intl's dates on the device */
  dateTime: (value: string | null | undefined) => string;
}
const shownIn = (zone: ZoneOption): ShownMoments => ({
  date: (value) => formatDate(value, zone),
  dateTime: (value) => {
    zoneNamed = true;
    return formatDateTime(value, zone);
  },
});
const DEVICE = shownIn({});
const SERVER = shownIn({ timeZone: 'UTC' });
/**
 * Moments in the device's own zone, and in UTC in the server's render and the app's hydration of it (the zone is
 * named after a time, so the page is true before the app: '3:00 PM UTC')
 */
export const useShownMoments = (): ShownMoments => useSyncExternalStore(subscribe, () => (phase === 'device' ? DEVICE : SERVER), () => SERVER);
