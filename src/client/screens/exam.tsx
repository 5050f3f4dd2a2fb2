// /exam/{c} and /exam-podcast/{p} (spec §2, §4; decisions.md 3): the guards, the questions as radio groups,
// grading on the server, then a failure (the server's message, the wrong answers marked, never the right
// option, Re-submit) or a pass (the correct answers highlighted, Return to Classroom / Podcasts, the certificate).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import type * as v from 'valibot';
import type { ExamQuestion, postGradeExam } from '#shared/api/learning';
import type { ResponseOf } from '#shared/api/endpoint';
import type { CourseStep } from '#shared/domain/course-steps';
import { formatCredits } from '#shared/domain/format';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { NoticeRedirect } from '../components/ui/notice-redirect.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { ApiError, errorMessage } from '../lib/api.ts';
import { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_LOAD_BROKEN, EXAM_QUEUED, EXAM_UNAVAILABLE, GRADE_ERROR, LIVE_CREDIT, unableToLoadStudent } from '../lib/messages.ts';
import { showNotice } from '../lib/notice.ts';
import { uuid } from '../lib/uuid.ts';
import { certificatePdfUrl } from '../features/certificates/api/get-certificate-pdf.ts';
import { useClass } from '../features/classes/api/get-class.ts';
import { useExam } from '../features/learning/api/get-exam.ts';
import { CourseSteps } from '../features/learning/components/course-steps.tsx';
import { gradeExam, type ExamAnswer } from '../features/learning/api/grade-exam.ts';
import { useSessionStore } from '../features/session/stores/session-store.ts';
import { BusyButton } from '../components/ui/busy-button.tsx';

/** spec §5 (the server's too, exam.service.ts) */
const ANSWER_ALL = 'Please answer all questions.';

/** where an exam sits in the flow: the class's pages or the episode's */
export interface ExamPlace {
  item: { c: string } | { p: string };
  /** the classroom or the episode's series page; null while it is still being looked up */
  back: string | null;
  backLabel: 'Return to Classroom' | 'Return to Podcasts';
  /** what 'Unable to load student.  Returning to …' names (spec §8) */
  returnsTo: 'classroom' | 'podcasts';
  evalHref: string;
  /** the already-taken guard's alert */
  examDone: string;
  /** the course's steps, the exam the last; null while they are not known (the exam never waits for them) */
  steps: readonly CourseStep[] | null;
}

type Question = v.InferOutput<typeof ExamQuestion>;
type Graded = ResponseOf<typeof postGradeExam>;

const OPTIONS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;

interface ExamFormProps {
  place: ExamPlace & { back: string };
  title: string;
  /** the course's credit, said with the pass: what the student came for */
  credits: number;
  questions: Question[];
  onPassed: () => void;
}

/**
 * The answers chosen so far, kept on the device for this student and course until the exam is passed: a phone that
 * closes the app in the background, or a reload, loses none of them (a commuter's walk, decision 0045; logout
 * clears them with the rest of the device's storage). Only this exam's questions and options are read back.
 */
function useKeptAnswers(item: ExamPlace['item'], questions: Question[]) {
  const student = useSessionStore((s) => s.hash);
  const key = student ? `cepass.form.exam.${student}.${'c' in item ? `c.${item.c}` : `p.${item.p}`}` : null;
  const [answers, setAnswers] = useState<Record<number, number>>(() => {
    try {
      const stored: unknown = key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
      if (!stored || typeof stored !== 'object') return {};
      const offered = new Map(questions.map((q) => [q.examQId, OPTIONS.map((o, i) => (q[o] ? i + 1 : 0)).filter(Boolean)]));
      return Object.fromEntries(Object.entries(stored).filter(([id, option]) => offered.get(Number(id))?.includes(option as number)).map(([id, option]) => [Number(id), option as number]));
    } catch {
      return {};
    }
  });
  useEffect(() => {
    try {
      if (key && Object.keys(answers).length) localStorage.setItem(key, JSON.stringify(answers));
      else if (key) localStorage.removeItem(key);
    } catch {
      // storage full or disabled: the exam still works, only a reload would lose the answers
    }
  }, [key, answers]);
  const forget = () => {
    if (key) localStorage.removeItem(key);
  };
  return { answers, setAnswers, forget };
}

function ExamForm({ place, title, credits, questions, onPassed }: ExamFormProps) {
  const [, navigate] = useLocation();
  const { answers, setAnswers, forget } = useKeptAnswers(place.item, questions);
  const [showMissing, setShowMissing] = useState(false);
  // one attempt, one key: made when the attempt starts (here, and at each retake), so a double tap or a resent
  // request of the same answers is graded once (the server answers a repeated key with its first grading)
  const [attemptKey, setAttemptKey] = useState(uuid);
  const sentKey = useRef<string | null>(null);
  const [result, setResult] = useState<Graded | null>(null);
  /** sent with no answer: kept on the device, graded when the network is back (the app says the result then) */
  const [queued, setQueued] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  const grade = useMutation({
    mutationFn: ({ a, key }: { a: ExamAnswer[]; key: string }) => gradeExam(place.item, a, key, title),
    onSuccess: (outcome) => {
      if (outcome.kind === 'pending') return setQueued(true);
      const graded = outcome.answer as Graded;
      setResult(graded);
      // (what the grading made stale is refreshed by the outbox, from the table of query effects)
      if (graded.passed) {
        forget();
        onPassed();
      } else {
        setAttemptKey(uuid());
      }
    },
    onError: (error) => {
      // the course gate's refusals (another tab finished the exam, the evaluation is missing, no Live credit
      // without attending) lead where §4's guards do
      if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 403)) return;
      showNotice(error.message);
      navigate(error.message === EVAL_FIRST ? place.evalHref : place.back, { replace: true });
    },
  });

  useEffect(() => {
    if (result || queued) resultRef.current?.focus();
  }, [result, queued]);

  const passed = result?.passed === true;
  const wrong = new Set(result?.grades.filter((g) => !g.correct).map((g) => g.examQId));
  const correctOption = new Map(passed ? result.exam.questions.map((q) => [q.examQId, q.correctOption]) : []);
  const missing = questions.filter((q) => answers[q.examQId] === undefined);

  const choose = (examQId: number, option: number) => {
    setAnswers((current) => ({ ...current, [examQId]: option }));
    // answers changed after this attempt was sent (its answer lost, or not yet back): they are a new attempt
    if (sentKey.current === attemptKey) setAttemptKey(uuid());
    if (grade.isError) grade.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grade.isPending) return;
    if (missing.length > 0) {
      setShowMissing(true);
      form.current?.querySelector<HTMLInputElement>(`input[name="q${missing[0]!.examQId}"]`)?.focus();
      return;
    }
    setShowMissing(false);
    sentKey.current = attemptKey;
    grade.mutate({ a: questions.map((q) => ({ examQId: q.examQId, option: answers[q.examQId]! })), key: attemptKey });
  };

  return (
    <form ref={form} className="form exam-form" noValidate aria-busy={grade.isPending || undefined} onSubmit={submit}>
      {queued && (
        <div ref={resultRef} tabIndex={-1} className="exam-result">
          <Alert tone="info">{EXAM_QUEUED}</Alert>
        </div>
      )}
      {result && (
        <div ref={resultRef} tabIndex={-1} className="exam-result">
          <Alert tone={passed ? 'success' : 'danger'}>{result.msg}</Alert>
          {passed && credits > 0 && <p className="exam-earned">{formatCredits(credits)} added to your CE record. Your certificate is ready.</p>}
          {passed && (
            <div className="actions">
              <Link className="button" href={place.back}>
                {place.backLabel}
              </Link>
              {/* the certificate itself, in the browser's PDF viewer in a new window (issue 13) */}
              <a className="button button-secondary" href={certificatePdfUrl(place.item, 'inline')} target="_blank" rel="noopener">
                View Certificate<span className="visually-hidden">, opens in a new tab</span>
              </a>
            </div>
          )}
        </div>
      )}
      {questions.map((q, i) => {
        const id = `exam-q${q.examQId}`;
        const isWrong = wrong.has(q.examQId);
        const isMissing = showMissing && answers[q.examQId] === undefined;
        const note = isWrong ? `${id}-wrong` : isMissing ? `${id}-missing` : undefined;
        return (
          <fieldset key={q.examQId} className={note ? 'radio-group exam-question exam-question-flagged' : 'radio-group exam-question'} disabled={passed || queued}>
            <legend>
              {i + 1}. {q.question}
            </legend>
            <div className="exam-options">
              {OPTIONS.map((key, index) => {
                const text = q[key];
                if (text === null) return null;
                const option = index + 1;
                const isCorrect = correctOption.get(q.examQId) === option;
                return (
                  <label key={key} className={isCorrect ? 'check exam-option exam-option-correct' : 'check exam-option'}>
                    <input
                      type="radio"
                      name={`q${q.examQId}`}
                      value={option}
                      checked={answers[q.examQId] === option}
                      onChange={() => choose(q.examQId, option)}
                      aria-invalid={isMissing || undefined}
                      aria-describedby={note}
                    />
                    <span>
                      {text}
                      {isCorrect && (
                        <>
                          {' '}
                          <span className="exam-correct-label">Correct answer</span>
                        </>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
            {isWrong && (
              <p className="field-error" id={note}>
                Your answer was incorrect.
              </p>
            )}
            {!isWrong && isMissing && (
              <p className="field-error" id={note}>
                Answer is required.
              </p>
            )}
          </fieldset>
        );
      })}
      {!passed && !queued && (
        <>
          {showMissing && missing.length > 0 && <Alert tone="danger">{ANSWER_ALL}</Alert>}
          <MutationError mutation={grade} fallback={GRADE_ERROR} />
          <BusyButton type="submit" className="button" busy={grade.isPending}>
            {grade.isPending ? 'Grading…' : result ? 'Re-submit Exam' : 'Submit Exam'}
          </BusyButton>
        </>
      )}
    </form>
  );
}

export function ExamScreen({ place }: { place: ExamPlace }) {
  // never from a cached answer: one from before the evaluation was saved would send the student back to it
  const exam = useExam(place.item, { gcTime: 0 });
  // the pass reloads the exam, which then says "taken": that is this visit's result, not the guard's case
  const [passedHere, setPassedHere] = useState(false);

  // the server would not give this student the exam (spec §8): back to the course, saying why; a 401 is left to
  // the session (query-client.ts forgets it and the auth guard goes to /login)
  const refused = exam.error instanceof ApiError && exam.error.kind === 'refused' && exam.error.status !== 401 ? exam.error : null;
  if (refused && place.back !== null)
    return <NoticeRedirect to={refused.serverMessage === EVAL_FIRST ? place.evalHref : place.back} notice={errorMessage(refused, unableToLoadStudent(place.returnsTo))} />;
  if (exam.data === undefined || place.back === null)
    return (
      <Screen title="Exam">
        {exam.data === undefined ? <QueryState query={exam} errorFallback={{ refused: EXAM_UNAVAILABLE, broken: EXAM_LOAD_BROKEN }} /> : <Loading />}
      </Screen>
    );
  const { studentData: sd, exam: e, title } = exam.data;
  if (sd.examTaken && !passedHere) return <NoticeRedirect to={place.back} notice={place.examDone} />;
  // a live webinar answered 'No, I Did Not Attend': no Live credit (the server refuses the grading too)
  if (sd.attended === false) return <NoticeRedirect to={place.back} notice={LIVE_CREDIT} />;
  if (!sd.evalTaken) return <NoticeRedirect to={place.evalHref} notice={EVAL_FIRST} />;
  return (
    <Screen title="Exam" heading={`Exam: ${title}`}>
      {place.steps && <CourseSteps steps={place.steps} at="exam" done={passedHere} />}
      <p>
        {e.questions.length} questions. A score of {e.minScore}% or greater is required.
      </p>
      <ExamForm place={{ ...place, back: place.back }} title={title} credits={exam.data.credits} questions={e.questions} onPassed={() => setPassedHere(true)} />
    </Screen>
  );
}

export default function ClassExamScreen() {
  const { c = '' } = useParams<{ c: string }>();
  // the class's steps, for where the exam is among them (read before, on the way here): shown once known, never waited for
  const steps = useClass(c).data?.classObj.steps ?? null;
  return (
    <ExamScreen
      place={{ item: { c }, back: paths.classroom(c), backLabel: 'Return to Classroom', returnsTo: 'classroom', evalHref: paths.eval(c), examDone: EXAM_DONE_CLASS, steps }}
    />
  );
}
