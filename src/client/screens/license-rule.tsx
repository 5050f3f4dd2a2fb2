// /my-license/{id}/rule/{rule|new}, a rule of a license changed or added (issue 19): its kind, hours (or, for the
// self-study limit, a share of the total), topic, how often a topic is due, and a note. What counts with the rule is
// shown before it is saved (the shared progress, on the license's own courses); impossible values are said under
// their fields at once (the shared rule checks), and the server, which decides, answers with the same words.
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import type { LicenseView, Rule, RuleFields } from '#shared/api/license';
import { FIELD_MESSAGES, MAX_EVERY_YEARS, MAX_HOURS, RULE_KINDS, TOPICS, TOPIC_LABELS, type RuleKind, type Topic } from '#shared/domain/license';
import { dayOf, licenseProgress } from '#shared/domain/license-progress';
import { ruleProblems } from '#shared/domain/license-rules';
import type { FieldErrors } from '#shared/domain/validation';
import { Alert, FormError, MutationError } from '../components/ui/alert.tsx';
import { ChoiceGroup } from '../components/ui/choice-group.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { paths } from '../config/paths.ts';
import { showNotice } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';
import { useForm } from '../lib/use-form.ts';
import { licenseQuery, useLicense } from '../features/license/api/get-license.ts';
import { removeLicenseRule } from '../features/license/api/license-rule-remove.ts';
import { saveLicenseRule } from '../features/license/api/license-rule-save.ts';
import { RuleSourceLine } from '../features/license/components/rule-source.tsx';
import { describeRule, formatHours, licenseName } from '../features/license/format.ts';
import '../styles/license.css';
import { BusyButton } from '../components/ui/busy-button.tsx';

const SAVE_ERROR = 'The rule could not be saved. Try again.';

export interface RuleValues {
  kind: string;
  hours: string;
  /** the self-study limit: in hours, or as a share of the total */
  limit: string;
  percent: string;
  topic: string;
  otherTopic: string;
  everyYears: string;
  note: string;
}

const KIND_LABELS: Record<RuleKind, string> = {
  total: 'Total hours in the cycle',
  'live-minimum': 'Live (interactive) hours: at least',
  'self-study-maximum': 'Self-study: counts up to',
  topic: 'A mandatory topic',
  'category-cap': 'A topic that counts up to a limit',
};

const topical = (kind: string) => kind === 'topic' || kind === 'category-cap';

const valuesOf = (rule: Rule | null): RuleValues => ({
  kind: rule?.kind ?? 'topic',
  hours: rule?.hours === null || rule?.hours === undefined ? '' : String(rule.hours),
  limit: rule?.percent !== null && rule?.percent !== undefined ? 'percent' : 'hours',
  percent: rule?.percent === null || rule?.percent === undefined ? '' : String(rule.percent),
  topic: rule?.topic ?? '',
  otherTopic: rule?.otherTopic ?? '',
  everyYears: rule?.everyYears ? String(rule.everyYears) : '',
  note: rule?.note ?? '',
});

/** a number the student typed, or null for an empty field; NaN when it is not a number */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** the rule the form describes, as the contract sends it (only the fields its kind uses) */
export function ruleOf(v: RuleValues): RuleFields {
  const byPercent = v.kind === 'self-study-maximum' && v.limit === 'percent';
  return {
    kind: v.kind as RuleKind,
    hours: byPercent ? null : numberOf(v.hours),
    percent: byPercent ? numberOf(v.percent) : null,
    topic: topical(v.kind) ? ((v.topic || null) as Topic | null) : null,
    otherTopic: topical(v.kind) && v.topic === 'other' ? v.otherTopic.trim() || null : null,
    everyYears: v.kind === 'topic' ? numberOf(v.everyYears) : null,
    note: v.note.trim() || null,
  };
}

/** the quick answer, in the server's words where the shared checks have them (they judge against the other rules) */
export function ruleErrors(v: RuleValues, others: readonly Rule[], id: number | null): FieldErrors<RuleValues> {
  const e: FieldErrors<RuleValues> = {};
  const rule = ruleOf(v);
  const hours = rule.hours;
  if (hours !== null && Number.isNaN(hours)) e.hours = FIELD_MESSAGES.hoursNumber;
  else if (hours !== null && hours < 0) e.hours = FIELD_MESSAGES.hoursNegative;
  else if (hours !== null && hours > MAX_HOURS) e.hours = FIELD_MESSAGES.ruleHoursMax;
  const percent = rule.percent ?? null;
  if (percent !== null && (Number.isNaN(percent) || percent < 0 || percent > 100)) e.percent = FIELD_MESSAGES.percent;
  const every = rule.everyYears ?? null;
  if (every !== null && (!Number.isInteger(every) || every < 1 || every > MAX_EVERY_YEARS)) e.everyYears = FIELD_MESSAGES.everyYears;
  if (Object.keys(e).length > 0) return e;
  const problems = ruleProblems({ ...rule, id }, others);
  for (const [field, message] of Object.entries(problems)) if (field in v) e[field as keyof RuleValues] = message;
  return e;
}

/** what would count with the rule as the form has it, on the license's own courses (the server's figures once saved) */
function Preview({ view, values, id }: { view: LicenseView; values: RuleValues; id: number | null }) {
  const rule = { ...ruleOf(values), id: id ?? -1 };
  const rules = [...view.rules.filter((r) => r.id !== id), rule];
  const after = licenseProgress({ rules, entries: view.entries, cycle: view.cycle, today: dayOf(Date.now()) });
  const now = view.progress.counted;
  if (after.counted === now) return <p className="hint rule-preview">With this rule, {formatHours(now)} count in this cycle, as now.</p>;
  return (
    <p className="rule-preview" role="status">
      With this rule, <strong>{formatHours(after.counted)}</strong> would count in this cycle (now {formatHours(now)}).
    </p>
  );
}

function RuleForm({ view, rule }: { view: LicenseView; rule: Rule | null }) {
  const [, navigate] = useLocation();
  const licenseId = view.license.id;
  const id = rule?.id ?? null;
  const form = useForm<RuleValues>(valuesOf(rule), (v) => ruleErrors(v, view.rules, id));
  const done = (next: LicenseView, notice: string) => {
    queryClient.setQueryData(licenseQuery(licenseId).queryKey, next);
    showNotice(notice, 'success');
    navigate(paths.license(licenseId), { replace: true });
  };
  const save = useMutation({ mutationFn: (v: RuleValues) => saveLicenseRule(licenseId, id, ruleOf(v)), onSuccess: (next) => done(next, 'Rule saved.') });
  const remove = useMutation({ mutationFn: () => removeLicenseRule(licenseId, id!), onSuccess: (next) => done(next, 'Rule removed.') });
  const kind = form.field('kind').value;
  const limit = form.field('limit');
  const topic = form.field('topic').value;
  const busy = save.isPending || remove.isPending;
  return (
    <>
      {rule?.preset && (
        <div className="card">
          <p className="rule-title">From the preset: {describeRule(rule)}</p>
          <RuleSourceLine source={rule.preset.source} edited={rule.edited} />
        </div>
      )}
      <form ref={form.ref} className="form" noValidate onSubmit={form.submit(save)} aria-busy={busy}>
        <Field label="Rule" required error={form.error('kind')}>
          <select {...form.field('kind')}>
            {RULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        {topical(kind) && (
          <Field label="Topic" required error={form.error('topic')}>
            <select {...form.field('topic')}>
              <option value="">Choose a topic</option>
              {TOPICS.map((t) => (
                <option key={t} value={t}>
                  {TOPIC_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
        )}
        {topical(kind) && topic === 'other' && (
          <Field label="Name of the topic" required error={form.error('otherTopic')}>
            <input type="text" maxLength={80} {...form.field('otherTopic')} />
          </Field>
        )}
        {kind === 'self-study-maximum' && (
          <ChoiceGroup
            legend="Limit self-study"
            name={limit.name}
            type="radio"
            options={[
              { value: 'hours', label: 'In hours' },
              { value: 'percent', label: 'As a share of the total' },
            ]}
            selected={[limit.value]}
            onChange={(value) => limit.onChange({ target: { value } })}
          />
        )}
        {kind === 'self-study-maximum' && limit.value === 'percent' ? (
          <Field label="Share of the total (%)" required error={form.error('percent')}>
            <input type="text" inputMode="decimal" {...form.field('percent')} />
          </Field>
        ) : (
          <Field label="Hours" required hint="Like 2 or 1.5." error={form.error('hours')}>
            <input type="text" inputMode="decimal" {...form.field('hours')} />
          </Field>
        )}
        {kind === 'topic' && (
          <Field label="Due every (years)" hint="Leave empty when the topic is due every cycle." error={form.error('everyYears')}>
            <input type="text" inputMode="numeric" {...form.field('everyYears')} />
          </Field>
        )}
        <Field label="Note (optional)" hint="What else your board says, such as “hands-on only”." error={form.error('note')}>
          <textarea rows={2} maxLength={300} {...form.field('note')} />
        </Field>
        <Preview view={view} values={{ kind, hours: form.field('hours').value, limit: limit.value, percent: form.field('percent').value, topic, otherTopic: form.field('otherTopic').value, everyYears: form.field('everyYears').value, note: '' }} id={id} />
        <FormError invalid={form.invalid} mutation={save} fallback={SAVE_ERROR} />
        <MutationError mutation={remove} fallback="The rule could not be removed. Try again." />
        <div className="actions">
          <BusyButton type="submit" className="button" busy={busy}>
            {save.isPending ? 'Saving…' : 'Save rule'}
          </BusyButton>
          <Link href={paths.license(licenseId)} className="button button-secondary">
            Cancel
          </Link>
          {id !== null && (
            <BusyButton type="button" className="button button-danger" busy={busy} onClick={() => remove.mutate()}>
              Remove rule
            </BusyButton>
          )}
        </div>
      </form>
    </>
  );
}

export default function LicenseRuleScreen() {
  const params = useParams<{ id: string; rule: string }>();
  const licenseId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const isNew = params.rule === 'new';
  const query = useLicense(licenseId);
  const title = isNew ? 'Add a rule' : 'Change a rule';
  return (
    <Screen title={title}>
      {query.data && <p className="lead">{licenseName(query.data.license)}</p>}
      <QueryState query={query} errorFallback="This license could not be loaded. Try again." loadingLabel="Loading the license…">
        {(view) => {
          const rule = isNew ? null : (view.rules.find((r) => String(r.id) === params.rule) ?? undefined);
          if (rule === undefined) return <Alert tone="danger">This rule does not exist any more.</Alert>;
          return <RuleForm view={view} rule={rule} />;
        }}
      </QueryState>
    </Screen>
  );
}
