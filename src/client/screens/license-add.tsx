// /my-license/add, Add a license (issue 19): start from a preset (a jurisdiction's rules as its sources state them,
// each shown with its source and the day it was checked) or from scratch, then the license itself: jurisdiction,
// type, number (optional), renewal date and cycle length. The server decides; the checks here are a quick answer.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Preset } from '#shared/api/license';
import { FormError } from '../components/ui/alert.tsx';
import { ChoiceGroup } from '../components/ui/choice-group.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { showNotice } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';
import { useForm } from '../lib/use-form.ts';
import { licenseQuery } from '../features/license/api/get-license.ts';
import { useLicensePresets } from '../features/license/api/get-license-presets.ts';
import { addLicense } from '../features/license/api/license-add.ts';
import { LicenseFields, licenseErrors, licenseOf, type LicenseValues } from '../features/license/components/license-fields.tsx';
import { RuleSourceLine } from '../features/license/components/rule-source.tsx';
import { describeRule } from '../features/license/format.ts';
import '../styles/license.css';
import { BusyButton } from '../components/ui/busy-button.tsx';

const SCRATCH = 'scratch';
const ADD_ERROR = 'The license could not be added. Try again.';

const presetName = (p: Preset) => `${p.jurisdiction} · ${p.licenseType} · ${p.cycleYears}-year cycle`;

function PresetRules({ preset }: { preset: Preset }) {
  return (
    <section aria-labelledby="preset-rules" className="card preset-rules">
      <h2 id="preset-rules">The rules you start with: {preset.jurisdiction}’s, as their sources state them</h2>
      {preset.caveat && <p className="rule-note">{preset.caveat}</p>}
      <ul className="rule-list">
        {preset.rules.map((rule) => (
          <li key={rule.key} className="rule">
            <p className="rule-title">{describeRule(rule)}</p>
            {rule.note && <p className="rule-note">{rule.note}</p>}
            <RuleSourceLine source={rule.source} />
          </li>
        ))}
      </ul>
      <p className="hint">You can change every rule once the license is added.</p>
    </section>
  );
}

function LicenseForm({ preset }: { preset: Preset | null }) {
  const [, navigate] = useLocation();
  const form = useForm<LicenseValues>(
    { jurisdiction: preset?.jurisdiction ?? '', licenseType: preset?.licenseType ?? '', number: '', renewalDate: '', cycleYears: String(preset?.cycleYears ?? 2) },
    licenseErrors,
  );
  const add = useMutation({
    mutationFn: (v: LicenseValues) => addLicense({ ...licenseOf(v), preset: preset?.id ?? null }),
    onSuccess: (view) => {
      queryClient.setQueryData(licenseQuery(view.license.id).queryKey, view);
      showNotice('License added. Check each rule against your board’s.', 'success');
      navigate(paths.license(view.license.id));
    },
  });
  return (
    <form ref={form.ref} className="form" noValidate onSubmit={form.submit(add)} aria-busy={add.isPending}>
      <LicenseFields form={form} onlyType={preset?.licenseType} />
      <FormError invalid={form.invalid} mutation={add} fallback={ADD_ERROR} />
      <div className="actions">
        <BusyButton type="submit" className="button" busy={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add license'}
        </BusyButton>
      </div>
    </form>
  );
}

export default function LicenseAddScreen() {
  const presets = useLicensePresets();
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Screen title="Add a license">
      <QueryState query={presets} errorFallback="The starting points could not be loaded. Try again." loadingLabel="Loading the starting points…">
        {({ presets: list }) => {
          const preset = list.find((p) => p.id === choice) ?? null;
          return (
            <>
              <ChoiceGroup
                legend="Start from"
                name="preset"
                type="radio"
                className="preset-choice"
                options={[...list.map((p) => ({ value: p.id, label: presetName(p) })), { value: SCRATCH, label: 'From scratch: I enter the rules myself' }]}
                selected={choice ? [choice] : []}
                onChange={(value) => setChoice(value)}
              />
              {/* a new choice starts the form over with that preset's jurisdiction, type and cycle; the few fields
                  come first on a phone, the preset's rules (long, with their sources) after them */}
              {choice && <LicenseForm key={choice} preset={preset} />}
              {preset && <PresetRules preset={preset} />}
            </>
          );
        }}
      </QueryState>
    </Screen>
  );
}
