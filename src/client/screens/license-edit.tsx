// /my-license/{id}/edit, a license's own details changed (issue 19): jurisdiction, type, number, the next renewal
// date, the cycle length; or the license removed, its rules with it (the courses recorded elsewhere stay in the
// student's record, as the server keeps them).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import type { LicenseView } from '#shared/api/license';
import { FormError, MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { showNotice } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';
import { useForm } from '../lib/use-form.ts';
import { licenseQuery, useLicense } from '../features/license/api/get-license.ts';
import { editLicense } from '../features/license/api/license-edit.ts';
import { removeLicense } from '../features/license/api/license-remove.ts';
import { LicenseFields, licenseErrors, licenseOf, type LicenseValues } from '../features/license/components/license-fields.tsx';
import { licenseName } from '../features/license/format.ts';
import '../styles/license.css';
import { BusyButton } from '../components/ui/busy-button.tsx';

function EditForm({ view }: { view: LicenseView }) {
  const [, navigate] = useLocation();
  const { license } = view;
  const [confirming, setConfirming] = useState(false);
  const form = useForm<LicenseValues>(
    { jurisdiction: license.jurisdiction, licenseType: license.licenseType, number: license.number ?? '', renewalDate: license.renewalDate, cycleYears: String(license.cycleYears) },
    licenseErrors,
  );
  const save = useMutation({
    mutationFn: (v: LicenseValues) => editLicense({ id: license.id, ...licenseOf(v) }),
    onSuccess: (next) => {
      queryClient.setQueryData(licenseQuery(license.id).queryKey, next);
      showNotice('License saved.', 'success');
      navigate(paths.license(license.id), { replace: true });
    },
  });
  const remove = useMutation({
    mutationFn: () => removeLicense(license.id),
    onSuccess: () => {
      showNotice('License removed. The courses you recorded elsewhere stay in your record.', 'success');
      navigate(paths.licenses(), { replace: true });
    },
  });
  const busy = save.isPending || remove.isPending;
  return (
    <>
      <form ref={form.ref} className="form" noValidate onSubmit={form.submit(save)} aria-busy={busy}>
        <LicenseFields form={form} />
        <FormError invalid={form.invalid} mutation={save} fallback="The license could not be saved. Try again." />
        <div className="actions">
          <BusyButton type="submit" className="button" busy={busy}>
            {save.isPending ? 'Saving…' : 'Save license'}
          </BusyButton>
          <Link href={paths.license(license.id)} className="button button-secondary">
            Cancel
          </Link>
        </div>
      </form>
      <section aria-labelledby="remove-heading" className="license-section">
        <h2 id="remove-heading">Remove this license</h2>
        <p>Its rules go with it. The courses you recorded elsewhere, and their proof, stay in your record.</p>
        <div className="actions">
          {confirming ? (
            <>
              <BusyButton type="button" className="button button-danger" busy={busy} onClick={() => remove.mutate()}>
                Remove {licenseName(license)} for good
              </BusyButton>
              <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
              Remove license
            </button>
          )}
        </div>
        <MutationError mutation={remove} fallback="The license could not be removed. Try again." />
      </section>
    </>
  );
}

export default function LicenseEditScreen() {
  const raw = useParams<{ id: string }>().id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const query = useLicense(id);
  return (
    <Screen title="Change license details">
      {query.data && <p className="lead">{licenseName(query.data.license)}</p>}
      <QueryState query={query} errorFallback="This license could not be loaded. Try again." loadingLabel="Loading the license…">
        {(view) => <EditForm view={view} />}
      </QueryState>
    </Screen>
  );
}
