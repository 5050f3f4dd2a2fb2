// /logout (spec §2): asks 'Are you sure you want to log out?', then ends the session, clears this device's
// per-user data and reloads at /login. Downloaded episodes stay unless the student ticks "Also remove downloads".
// Actions not sent yet (lib/outbox) are said, with a choice: send them first, keep them on this phone for the
// next login, or discard them (issue 16).
import { useState } from 'react';
import { ChoiceGroup } from '../components/ui/choice-group.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { RemoveDownloadsChoice } from '../features/downloads/logout-choice.tsx';
import { outbox, useOutboxView } from '../lib/outbox/index.ts';
import { LOGOUT_CONFIRM, logOut } from '../app/logout.ts';
// the app wires the outbox to the session once its first screen is shown; this screen may be that first screen (a
// cold start at /logout), and its choice about unsent actions needs them counted now, not after it
import '../app/outbox.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

type Unsent = 'send' | 'keep' | 'discard';
const UNSENT_CHOICES: { value: Unsent; label: string }[] = [
  { value: 'send', label: 'Send them first' },
  { value: 'keep', label: 'Keep them on this device for my next login' },
  { value: 'discard', label: 'Discard them' },
];
const NOT_ALL_SENT = 'Not everything could be sent: CE Pass cannot be reached. Keep them on this device, or discard them.';

export default function LogoutScreen() {
  const [busy, setBusy] = useState(false);
  const [removeDownloads, setRemoveDownloads] = useState(false);
  const { pending, attention } = useOutboxView();
  // the page views of an offline walk wait too, but are not the student's to decide on: they go with the session
  const unsentCount = pending.filter((a) => !a.disposable).length + attention.length;
  const [unsent, setUnsent] = useState<Unsent>('send');
  const [notSent, setNotSent] = useState(false);

  const confirm = async () => {
    setBusy(true);
    if (unsentCount > 0 && unsent === 'send') {
      await outbox.replay();
      if ((await outbox.list()).length > 0) {
        setNotSent(true);
        setUnsent('keep');
        setBusy(false);
        return;
      }
    }
    await logOut({ removeDownloads, unsent: unsent === 'discard' ? 'discard' : 'keep' });
  };

  return (
    <Screen title="Logout">
      <p>{LOGOUT_CONFIRM}</p>
      {unsentCount > 0 && (
        <ChoiceGroup
          legend={`${unsentCount} ${unsentCount === 1 ? 'action' : 'actions'} saved on this device ${unsentCount === 1 ? 'is' : 'are'} not sent yet.`}
          name="unsent"
          type="radio"
          options={UNSENT_CHOICES.filter((c) => !(notSent && c.value === 'send'))}
          selected={[unsent]}
          onChange={(value) => setUnsent(value as Unsent)}
        />
      )}
      {notSent && <Alert tone="warning">{NOT_ALL_SENT}</Alert>}
      <RemoveDownloadsChoice checked={removeDownloads} onChange={setRemoveDownloads} disabled={busy} />
      <div className="actions">
        <BusyButton type="button" className="button" busy={busy} onClick={() => void confirm()}>
          {busy ? (unsent === 'send' && unsentCount > 0 ? 'Sending…' : 'Logging out…') : 'Yes, Log Out'}
        </BusyButton>
        <BusyButton type="button" className="button button-secondary" busy={busy} onClick={() => history.back()}>
          Cancel
        </BusyButton>
      </div>
    </Screen>
  );
}
