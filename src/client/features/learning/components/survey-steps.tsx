// The sponsor survey, one question per screen (spec §2, §4 "Survey"): 'Question n/N', yes/no and single
// questions take one choice (radio buttons), multi takes any number (checkboxes), the submit button stays
// disabled until something is chosen, choices start empty on each question, and the last answer says isLast.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/endpoint';
import type { getSurvey } from '#shared/api/learning';
import { MutationError } from '../../../components/ui/alert.tsx';
import { ChoiceGroup } from '../../../components/ui/choice-group.tsx';
import { SURVEY_SAVE_ERROR } from '../../../lib/messages.ts';
import { saveSurveyResponse } from '../api/save-survey-response.ts';

export type Survey = ResponseOf<typeof getSurvey>['data'][number];
type Question = Survey['questions'][number];

interface QuestionStepProps {
  c: string;
  survey: Survey;
  question: Question;
  /** 0-based */
  index: number;
  /** the answer is saved */
  onAnswered: () => void;
}

function QuestionStep({ c, survey, question, index, onAnswered }: QuestionStepProps) {
  const [choices, setChoices] = useState<string[]>([]);
  const total = survey.questions.length;
  const isLast = index === total - 1;
  const multi = question.type === 'multi';
  const save = useMutation({
    mutationFn: () => saveSurveyResponse({ c, sh: survey.hash, q: question.hash, choices, sessionHash: survey.sessionHash, isLast }),
    onSuccess: onAnswered,
  });

  // the next question replaces the button that had focus: its counter takes it and is read out (not on the first,
  // where the screen's heading has it)
  const counter = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (index > 0) counter.current?.focus();
  }, [index]);

  const choose = (value: string, checked: boolean) => {
    save.reset();
    setChoices((now) => (multi ? (checked ? [...now, value] : now.filter((v) => v !== value)) : [value]));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choices.length > 0 && !save.isPending) save.mutate();
  };

  return (
    <form className="form survey-question" noValidate aria-busy={save.isPending || undefined} onSubmit={submit}>
      <h2 ref={counter} tabIndex={-1} className="survey-counter">
        Question {index + 1}/{total}
      </h2>
      <ChoiceGroup
        legend={question.question}
        name={`q-${question.hash}`}
        type={multi ? 'checkbox' : 'radio'}
        options={question.buttons.map((b) => ({ value: b.hash, label: b.label }))}
        selected={choices}
        onChange={choose}
        className="survey-choices"
      />
      <MutationError mutation={save} fallback={SURVEY_SAVE_ERROR} />
      {/* says why the button is disabled, while it is */}
      <button
        type="submit"
        className="button"
        disabled={choices.length === 0 || save.isPending || save.isSuccess}
        aria-describedby={choices.length === 0 ? `hint-${question.hash}` : undefined}
      >
        {isLast ? survey.submit.label : 'Next'}
      </button>
      {choices.length === 0 && (
        <p className="hint" id={`hint-${question.hash}`}>
          {multi ? 'Choose one or more answers to continue.' : 'Choose an answer to continue.'}
        </p>
      )}
    </form>
  );
}

/** `onDevice`: the questions answered offline, waiting in the outbox */
export function SurveySteps({ c, survey, onDevice = [], onDone }: { c: string; survey: Survey; onDevice?: readonly string[]; onDone: () => void }) {
  // a survey left in the middle resumes at the first question with no answer, on the server or on the device
  const [index, setIndex] = useState(() => {
    const first = survey.questions.findIndex((q) => !onDevice.includes(q.hash) && !survey.answered.some((a) => a.q === q.hash));
    return first === -1 ? survey.questions.length - 1 : first;
  });
  const question = survey.questions[index];
  if (!question) return null;
  const last = index === survey.questions.length - 1;
  // keyed by question: its choices, its save and its errors start afresh
  return <QuestionStep key={question.hash} c={c} survey={survey} question={question} index={index} onAnswered={last ? onDone : () => setIndex(index + 1)} />;
}
