// The evaluation form of a class or a podcast episode (spec §2, §5) on the one form hook: a rating group per
// question, the two free texts, 'Correct errors and resubmit.' while any field is wrong, and the save.
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../../components/ui/alert.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { useForm } from '../../../lib/use-form.ts';
import { useSessionStore } from '../../session/stores/session-store.ts';
import { saveEvaluation } from '../api/save-eval.ts';
import { BLANK_EVALUATION, evaluationErrors, RATING_SECTIONS, RATINGS, TEXT_MAX, toEvaluation, type EvaluationValues } from '../evaluation.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

const SAVE_ERROR = 'Error saving evaluation.  Try again.';

interface EvaluationFormProps {
  item: { c: string } | { p: string };
  onSaved: () => void;
}

export function EvaluationForm({ item, onSaved }: EvaluationFormProps) {
  // ten ratings and two comments on a phone: kept on the device until sent, for this student and course
  const student = useSessionStore((s) => s.hash);
  const form = useForm(BLANK_EVALUATION, evaluationErrors, {}, student ? { key: `cepass.form.evaluation.${student}.${'c' in item ? `c.${item.c}` : `p.${item.p}`}` } : undefined);
  const save = useMutation({
    mutationFn: (values: EvaluationValues) => saveEvaluation(item, toEvaluation(values)),
    onSuccess: () => {
      form.forget();
      onSaved();
    },
  });
  return (
    <form ref={form.ref} className="form evaluation" noValidate aria-busy={save.isPending || undefined} onSubmit={form.submit(save)}>
      <p>Rate each from Excellent to Poor. Fields marked * are required.</p>
      {RATING_SECTIONS.map((section) => (
        <section key={section.title} className="evaluation-section" aria-labelledby={`eval-${section.questions[0]!.field}-title`}>
          <h2 id={`eval-${section.questions[0]!.field}-title`}>{section.title}</h2>
          {section.questions.map(({ field, question }) => {
            const control = form.field(field);
            return (
              <ChoiceGroup
                key={field}
                legend={question}
                name={field}
                type="radio"
                options={RATINGS}
                selected={[control.value]}
                onChange={(value) => control.onChange({ target: { value } })}
                onBlur={control.onBlur}
                error={form.error(field)}
                required
              />
            );
          })}
        </section>
      ))}
      <h2>Your comments</h2>
      {/* no maxLength: a longer paste gets the spec's message instead of being cut off unseen */}
      <Field label="Comments (optional)" hint={`Up to ${TEXT_MAX} characters.`} error={form.error('comments')}>
        <textarea rows={4} {...form.field('comments')} />
      </Field>
      <Field label="Other topics you would like covered (optional)" hint={`Up to ${TEXT_MAX} characters.`} error={form.error('otherTopics')}>
        <textarea rows={3} {...form.field('otherTopics')} />
      </Field>
      <FormError invalid={form.invalid} mutation={save} fallback={SAVE_ERROR} />
      <BusyButton type="submit" className="button" busy={save.isPending}>
        {save.isPending ? 'Saving…' : 'Submit Evaluation'}
      </BusyButton>
    </form>
  );
}
