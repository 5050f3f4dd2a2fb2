// /account (spec §2): tabs Home (credit summary, the AGD reminder, send the Proof of CE report), Profile (the
// Student fields shared with /register, plus the home e-mail) and Password (the current password and a new
// one, with the link to /gdpr). Forms show busy state, success alerts and dismissible error alerts.
import { lazy, Suspense, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState, showsFailure } from '../components/ui/query-state.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { accountTabFrom, paths, type AccountTab } from '../config/paths.ts';
import { SERVICE_ERROR } from '../lib/messages.ts';
import { useAccountHome } from '../features/account/api/get-account-home.ts';
import { refreshProfile, useProfile } from '../features/account/api/get-profile.ts';
import { hideAgdReminder } from '../features/account/api/hide-agd-reminder.ts';
import { sendCeReport } from '../features/account/api/send-ce-report.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

// the forms come when their tab is opened (features/account/components/account-forms.tsx)
const ProfileTab = lazy(() => import('../features/account/components/account-forms.tsx').then((m) => ({ default: m.ProfileTab })));
const PasswordTab = lazy(() => import('../features/account/components/account-forms.tsx').then((m) => ({ default: m.PasswordTab })));


function AgdReminder({ onAdd, onHidden }: { onAdd: () => void; onHidden: () => void }) {
  const profile = useProfile();
  const hide = useMutation({
    mutationFn: hideAgdReminder,
    onSuccess: () => {
      onHidden();
      refreshProfile();
    },
  });
  const s = profile.data?.student;
  if (!s || s.agdNumber || s.hideAgdReminder || hide.isSuccess) return null;
  return (
    <div className="card">
      <p>Add your AGD member number to your profile and we report your CE credits to the AGD for you.</p>
      <div className="actions">
        <button type="button" className="button" onClick={onAdd}>
          Add AGD number
        </button>
        <BusyButton type="button" className="button button-secondary" busy={hide.isPending} onClick={() => hide.mutate()}>
          Don't remind me again
        </BusyButton>
      </div>
      <MutationError mutation={hide} fallback={SERVICE_ERROR} />
    </div>
  );
}

function HomeTab({ onAddAgd }: { onAddAgd: () => void }) {
  const summary = useAccountHome();
  const report = useMutation({ mutationFn: sendCeReport });
  const reportButton = useRef<HTMLButtonElement>(null);
  if (summary.data === undefined || showsFailure(summary)) return <QueryState query={summary} errorFallback={SERVICE_ERROR} />;
  const { ceHome, ceLive, ceTotal } = summary.data.summary;
  return (
    <>
      {/* the hidden card's button had focus: keep keyboard users in the tab */}
      <AgdReminder onAdd={onAddAgd} onHidden={() => reportButton.current?.focus()} />
      <h2>Your CE credits</h2>
      <dl className="facts">
        <div>
          <dt>Self-study</dt>
          <dd>{ceHome} CEU</dd>
        </div>
        <div>
          <dt>Live, Interactive</dt>
          <dd>{ceLive} CEU</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{ceTotal} CEU</dd>
        </div>
      </dl>
      <BusyButton ref={reportButton} type="button" className="button" busy={report.isPending} onClick={() => report.mutate()}>
        Send Proof of CE report
      </BusyButton>
      {report.isSuccess && <Alert tone="success">Check email inbox for Proof of CE report.</Alert>}
      <MutationError mutation={report} fallback={SERVICE_ERROR} />
    </>
  );
}

export default function AccountScreen() {
  const tab = accountTabFrom(useSearch());
  const [, navigate] = useLocation();
  // the reminder's button opens the Profile tab at the AGD field, so focus does not fall back to the page
  const [focusAgd, setFocusAgd] = useState(false);
  const select = (next: AccountTab, agd = false) => {
    navigate(paths.account(next), { replace: true });
    setFocusAgd(agd);
  };
  return (
    <Screen title="Account">
      <Tabs<AccountTab>
        label="Account sections"
        tabs={[
          { key: 'home', label: 'Home' },
          { key: 'profile', label: 'Profile' },
          { key: 'password', label: 'Password' },
        ]}
        selected={tab}
        onSelect={(next) => select(next)}
      >
        {tab === 'home' ? (
          <HomeTab onAddAgd={() => select('profile', true)} />
        ) : (
          <Suspense fallback={<LoadingAnswer />}>{tab === 'profile' ? <ProfileTab focusAgd={focusAgd} /> : <PasswordTab />}</Suspense>
        )}
      </Tabs>
      {/* where a phone app's account screen has it, as well as the menu's last entry */}
      <p className="account-logout">
        <Link className="button button-secondary" href={paths.logout()}>
          Log Out
        </Link>
      </p>
    </Screen>
  );
}
