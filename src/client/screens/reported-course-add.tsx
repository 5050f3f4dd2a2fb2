// /ce-elsewhere/add?license=…, CE earned elsewhere (issue 19): a course taken with another provider — title,
// provider, date, hours, live or self-study, topics, AGD code — with its proof, a photo from the camera or a file.
// It goes through the outbox: kept on the phone with its file first, sent now or when the network is back, once.
// Recorded as "self-reported": CE Pass's own totals stay its own.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { COURSE_FORMATS, FIELD_MESSAGES, MAX_HOURS, NAMED_TOPICS, SELF_REPORTED, TOPIC_LABELS, type NamedTopic } from '#shared/domain/license';
import type { FieldErrors } from '#shared/domain/validation';
import { FormError } from '../components/ui/alert.tsx';
import { ChoiceGroup } from '../components/ui/choice-group.tsx';
import { Field } from '../components/ui/form-field.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { showNotice } from '../lib/notice.ts';
import { useForm } from '../lib/use-form.ts';
import { addReportedCourse } from '../features/license/api/reported-course-add.ts';
import { ProofPicker, type Proof } from '../features/license/components/proof-picker.tsx';
import '../styles/license.css';
import { BusyButton } from '../components/ui/busy-button.tsx';

const SAVE_ERROR = 'The course could not be recorded. Try again.';
export const RECORDED = `Recorded as ${SELF_REPORTED.toLowerCase()}. It counts toward your license from its date.`;
export const recordedOffline = (withProof: boolean) => `Saved on this device${withProof ? ' with its proof' : ''}. It will be sent when you are back online.`;

export interface CourseValues {
  title: string;
  provider: string;
  date: string;
  hours: string;
  format: string;
  /** the named topics, comma-separated (a form value is text) */
  topics: string;
  otherTopic: string;
  agdCode: string;
}

/** today on the phone's calendar, YYYY-MM-DD */
const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const topicsOf = (text: string): NamedTopic[] => text.split(',').filter((t): t is NamedTopic => (NAMED_TOPICS as readonly string[]).includes(t));

/** the quick answer; the server checks the same */
export function courseErrors(v: CourseValues): FieldErrors<CourseValues> {
  const e: FieldErrors<CourseValues> = {};
  if (!v.title.trim()) e.title = FIELD_MESSAGES.title;
  if (!v.provider.trim()) e.provider = FIELD_MESSAGES.provider;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.date) || Number.isNaN(Date.parse(v.date))) e.date = 'Enter the day you completed the course.';
  else if (v.date > today()) e.date = 'The date cannot be in the future.';
  const hours = Number(v.hours.trim());
  if (v.hours.trim() === '' || Number.isNaN(hours)) e.hours = FIELD_MESSAGES.hoursNumber;
  else if (hours < 0.25) e.hours = FIELD_MESSAGES.courseHoursMin;
  else if (hours > MAX_HOURS) e.hours = FIELD_MESSAGES.courseHoursMax;
  if (!(COURSE_FORMATS as readonly string[]).includes(v.format)) e.format = 'Choose live or self-study.';
  if (v.agdCode.trim().length > 10) e.agdCode = 'An AGD subject code has at most 10 characters.';
  return e;
}

export default function ReportedCourseAddScreen() {
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const license = query.get('license');
  // the topic of the rule the student came from (a license's "what is left")
  const topic = query.get('topic') ?? '';
  const named = (NAMED_TOPICS as readonly string[]).includes(topic) ? topic : '';
  const back = license && /^\d{1,9}$/.test(license) ? paths.license(license) : paths.reportedCourses();
  const [proof, setProof] = useState<Proof | null>(null);
  const [preparing, setPreparing] = useState(false);
  const form = useForm<CourseValues>({ title: '', provider: '', date: today(), hours: '', format: '', topics: named, otherTopic: topic === 'other' ? (query.get('other') ?? '').slice(0, 80) : '', agdCode: '' }, courseErrors);
  const save = useMutation({
    mutationFn: (v: CourseValues) =>
      addReportedCourse(
        {
          title: v.title,
          provider: v.provider,
          date: v.date,
          hours: Number(v.hours),
          format: v.format as (typeof COURSE_FORMATS)[number],
          topics: topicsOf(v.topics),
          otherTopics: v.otherTopic ? [v.otherTopic] : [],
          agdCode: v.agdCode || null,
        },
        proof,
      ),
    // never again by itself: the outbox already keeps and resends it (a second submit would be a second course)
    retry: false,
    onSuccess: (outcome) => {
      showNotice(outcome.kind === 'pending' ? recordedOffline(proof !== null) : RECORDED, 'success');
      navigate(back);
    },
  });
  const format = form.field('format');
  const topics = form.field('topics');
  const chosen = topicsOf(topics.value);
  const busy = save.isPending || preparing;
  return (
    <Screen title="CE earned elsewhere">
      <p className="lead">A course you took with another provider.</p>
      <p className="hint">
        It is recorded as <span className="pill pill-reported">{SELF_REPORTED}</span>: it counts toward your license, and your board may ask for its proof.
      </p>
      <form ref={form.ref} className="form" noValidate onSubmit={form.submit(save)} aria-busy={busy}>
        <Field label="Course title" required error={form.error('title')}>
          <input type="text" maxLength={200} {...form.field('title')} />
        </Field>
        <Field label="Provider" required error={form.error('provider')}>
          <input type="text" maxLength={120} {...form.field('provider')} />
        </Field>
        <Field label="Date completed" required error={form.error('date')}>
          <input type="date" max={today()} {...form.field('date')} />
        </Field>
        <Field label="Hours" required hint="As on the certificate, like 2 or 1.5." error={form.error('hours')}>
          <input type="text" inputMode="decimal" {...form.field('hours')} />
        </Field>
        <ChoiceGroup
          legend="Format"
          name="format"
          type="radio"
          required
          options={[
            { value: 'live', label: 'Live (in person or interactive online)' },
            { value: 'self-study', label: 'Self-study (recorded, reading, on demand)' },
          ]}
          selected={[format.value]}
          onChange={(value) => format.onChange({ target: { value } })}
          onBlur={format.onBlur}
          error={form.error('format')}
        />
        <ChoiceGroup
          legend="Topics it covered (optional)"
          name="topics"
          type="checkbox"
          className="topic-choices"
          options={NAMED_TOPICS.map((t) => ({ value: t, label: TOPIC_LABELS[t] }))}
          selected={chosen}
          onChange={(value, checked) => topics.onChange({ target: { value: (checked ? [...chosen, value] : chosen.filter((t) => t !== value)).join(',') } })}
        />
        <Field label="Another topic (optional)" error={form.error('otherTopic')}>
          <input type="text" maxLength={80} {...form.field('otherTopic')} />
        </Field>
        <Field label="AGD subject code (optional)" error={form.error('agdCode')}>
          <input type="text" maxLength={10} autoComplete="off" {...form.field('agdCode')} />
        </Field>
        <ProofPicker proof={proof} onChange={setProof} onBusy={setPreparing} />
        <FormError invalid={form.invalid} mutation={save} fallback={SAVE_ERROR} />
        <div className="actions">
          <BusyButton type="submit" className="button" busy={busy}>
            {save.isPending ? 'Recording…' : 'Record course'}
          </BusyButton>
        </div>
      </form>
    </Screen>
  );
}
