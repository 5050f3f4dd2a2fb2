// The service-worker update prompt (registerType 'prompt'): 'A new version is available.' with Reload and
// Later; the page reloads only when the user accepts, and never cuts a podcast: while one plays, Reload waits
// for it to pause (offline-and-audio.md §7). Long sessions check for updates every hour.
import { useEffect, useRef, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useNowPlaying } from '../features/player/now-playing.ts';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export default function PwaUpdatePrompt() {
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      clearInterval(timer.current);
      timer.current = setInterval(() => {
        if (!registration.installing && navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  useEffect(() => () => clearInterval(timer.current), []);

  const audible = useNowPlaying((s) => s.status === 'playing' || s.status === 'loading');
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && !audible) void updateServiceWorker(true);
  }, [waiting, audible, updateServiceWorker]);

  // the live region is always present so screen readers announce the message when it appears
  return (
    <div className="toast-region" role="status">
      {needRefresh && (
        <div className="toast">
          <p>{waiting ? 'The new version loads when the episode is paused.' : 'A new version is available.'}</p>
          <div className="toast-actions">
            <button type="button" className="button button-small" disabled={waiting} onClick={() => setWaiting(true)}>
              Reload
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => {
                setWaiting(false);
                setNeedRefresh(false);
              }}
            >
              Later
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
