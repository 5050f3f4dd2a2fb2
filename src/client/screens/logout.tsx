// /logout (spec §2): asks 'Are you sure you want to log out?', then ends the session, clears this device's
// per-user data and reloads at /login. Downloaded episodes stay unless the student ticks "Also remove downloads".
import { useState } from 'react';
import { Screen } from '../components/ui/screen.tsx';
import { RemoveDownloadsChoice } from '../features/downloads/logout-choice.tsx';
import { LOGOUT_CONFIRM, logOut } from '../app/logout.ts';

export default function LogoutScreen() {
  const [busy, setBusy] = useState(false);
  const [removeDownloads, setRemoveDownloads] = useState(false);
  return (
    <Screen title="Logout">
      <p>{LOGOUT_CONFIRM}</p>
      <RemoveDownloadsChoice checked={removeDownloads} onChange={setRemoveDownloads} disabled={busy} />
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void logOut({ removeDownloads });
          }}
        >
          {busy ? 'Logging out…' : 'Yes, Log Out'}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => history.back()}>
          Cancel
        </button>
      </div>
    </Screen>
  );
}
