// The service-worker update prompt (registerType 'prompt'): 'A new version is available.' with Reload and
// Later; the page reloads only when the user accepts. Long sessions check for updates every hour.
import { useEffect, useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

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

  // the live region is always present so screen readers announce the message when it appears
  return (
    <div className="toast-region" role="status">
      {needRefresh && (
        <div className="toast">
          <p>A new version is available.</p>
          <div className="toast-actions">
            <button type="button" className="button button-small" onClick={() => void updateServiceWorker(true)}>
              Reload
            </button>
            <button type="button" className="button button-small button-secondary" onClick={() => setNeedRefresh(false)}>
              Later
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
