// The exam (spec §2, §4; decisions.md 3): questions leave the server without answer keys; the server
// grades against the pass mark; a failure says which answers were wrong, never which option is right;
// a pass records the credits and issues the certificate in the same transaction. Each attempt is named
// by the client, so parallel submits of one attempt grade it once.
import { sql, type Kysely, type Transaction } from 'kysely';
import { getExam, postGradeExam } from '#shared/api/learning';
import { EVAL_FIRST, EXAM_DONE_CLASS, EXAM_DONE_PODCAST } from '#shared/domain/guard-messages';
import { nowIso, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { isPostgres } from '../../db/search-index.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { HttpError, implement, type Implementation } from '../../plugins/contract.ts';
import { issueCertificate } from '../certificates/certificates.service.ts';

export const EXAM_UNAVAILABLE = 'Exam not available.  Try again later.';
export const ANSWER_ALL = 'Please answer all questions.';
const EXAM_DONE = { class: EXAM_DONE_CLASS, podcast: EXAM_DONE_PODCAST } as const;
export const failedMessage = (score: number, min: number) =>
  `Your score of ${score}% is insufficient to pass this course. A score of ${min}% or greater is required. Review your answers and re-submit exam.`;
export const passedMessage = (score: number) => `Congratulations! You passed with a score of ${score}%.`;

type Db = Kysely<DB> | Transaction<DB>;
const OPTIONS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;

export function examRoutes(db: Kysely<DB>, opts: { clock: Clock }): Implementation[] {

  /** the class or podcast the request names, its exam, and the student's gradebook row for it */
  async function load(ref: { c?: string | null | undefined; p?: string | null | undefined }, studentId: number, q: Db = db) {
    const item = ref.c
      ? await q
          .selectFrom('classes as i')
          .innerJoin('speakers as sp', 'sp.id', 'i.speakerId')
          .select(['i.id', 'i.name as title', 'i.credits', 'i.ceTypeId', 'i.agdCode', 'i.releaseDate', 'sp.name as speakerName'])
          .where('i.hash', '=', ref.c)
          .executeTakeFirst()
      : ref.p
        ? await q
            .selectFrom('podcasts as i')
            .innerJoin('speakers as sp', 'sp.id', 'i.speakerId')
            .select(['i.id', 'i.title', 'i.credits', 'i.ceTypeId', 'i.releaseDate', 'sp.name as speakerName'])
            .where('i.hash', '=', ref.p)
            .executeTakeFirst()
        : undefined;
    if (!item) throw new HttpError(404, EXAM_UNAVAILABLE);
    const kind = ref.c ? ('class' as const) : ('podcast' as const);
    const column = kind === 'class' ? 'classId' : 'podcastId';
    const exam = await q.selectFrom('exams').select(['id', 'minScore']).where(column, '=', item.id).executeTakeFirst();
    if (!exam) throw new HttpError(404, EXAM_UNAVAILABLE);
    const questions = await q.selectFrom('examQuestions').selectAll().where('examId', '=', exam.id).orderBy('position').execute();
    const gradebook = await q.selectFrom('gradebook').selectAll().where('studentId', '=', studentId).where(column, '=', item.id).executeTakeFirst();
    return { kind, item: { ...item, agdCode: 'agdCode' in item ? (item.agdCode as string | null) : null }, exam, questions, gradebook };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  /** what the browser may see of a question; the key only once the student has passed */
  const publicQuestion = (q: Loaded['questions'][number], passed: boolean) => ({
    examQId: q.id,
    question: q.question,
    ...Object.fromEntries(OPTIONS.map((o) => [o, q[o]])),
    ...(passed ? { correctOption: q.correctOption } : {}),
  }) as { examQId: number; question: string; option1: string | null; option2: string | null; option3: string | null; option4: string | null; option5: string | null; option6: string | null; correctOption?: number };

  return [
    implement(getExam, async ({ query, student }) => {
      const l = await load(query, student.id);
      const passed = l.gradebook?.examTakenAt != null;
      return {
        status: true,
        exam: { minScore: l.exam.minScore, questions: l.questions.map((q) => publicQuestion(q, false)) },
        studentData: { evalTaken: l.gradebook?.evalTakenAt != null, examTaken: passed, examScore: l.gradebook?.examScore ?? null, examDate: l.gradebook?.examTakenAt ?? null },
        classId: l.kind === 'class' ? l.item.id : null,
        podcastId: l.kind === 'podcast' ? l.item.id : null,
        title: l.item.title,
        credits: Number(l.item.credits),
        releaseDate: l.item.releaseDate,
      };
    }),

    implement(postGradeExam, async ({ body, student }) => {
      const first = await load(body, student.id);
      if (first.gradebook?.evalTakenAt == null) throw new HttpError(409, EVAL_FIRST);
      const given = new Map(body.a.map((a) => [a.examQId, a.option]));
      if (given.size !== body.a.length || first.questions.some((q) => !given.has(q.id)) || given.size !== first.questions.length) throw new HttpError(400, ANSWER_ALL);

      const grades = first.questions.map((q) => ({ examQId: q.id, correct: given.get(q.id) === q.correctOption }));
      const score = Math.round((100 * grades.filter((g) => g.correct).length) / first.questions.length);
      const passed = score >= first.exam.minScore;
      const me = await db.selectFrom('students').select(['firstname', 'lastname']).where('id', '=', student.id).executeTakeFirstOrThrow();

      const outcome = await writeTransaction(db, async (trx) => {
        // one grading at a time per student and course: PostgreSQL queues on the gradebook row (SQLite's
        // BEGIN IMMEDIATE already serialises), so a parallel submit sees the first one's attempt or pass
        if (isPostgres(db)) await sql`select id from gradebook where id = ${first.gradebook!.id} for update`.execute(trx);
        // the same attempt again (a double tap, a replay): its first grading is the answer
        const earlier = await trx.selectFrom('examAttempts').select(['score', 'passed', 'answers']).where('studentId', '=', student.id).where('examId', '=', first.exam.id).where('attemptKey', '=', body.attemptKey).executeTakeFirst();
        if (earlier) return { score: earlier.score, passed: earlier.passed === 1, grades: JSON.parse(earlier.answers).grades as typeof grades, replay: true };
        const l = await load(body, student.id, trx);
        if (l.gradebook?.examTakenAt != null) throw new HttpError(409, EXAM_DONE[l.kind]);
        await trx
          .insertInto('examAttempts')
          .values({ examId: l.exam.id, studentId: student.id, attemptKey: body.attemptKey, answers: JSON.stringify({ given: body.a, grades }), score, passed: passed ? 1 : 0, createdAt: nowIso(opts.clock) })
          .execute();
        if (passed) {
          const at = nowIso(opts.clock);
          await trx
            .updateTable('gradebook')
            .set({ examTakenAt: at, examScore: score, credits: Number(l.item.credits), ceTypeId: l.item.ceTypeId, updatedAt: at })
            .where('id', '=', l.gradebook!.id)
            .execute();
          await issueCertificate(trx, {
            studentId: student.id,
            gradebookId: l.gradebook!.id,
            studentName: `${me.firstname} ${me.lastname}`,
            title: l.item.title,
            speakerName: l.item.speakerName,
            credits: Number(l.item.credits),
            ceTypeId: l.item.ceTypeId,
            agdCode: l.item.agdCode,
            at,
          });
        }
        return { score, passed, grades, replay: false };
      });

      return {
        status: true,
        exam: { minScore: first.exam.minScore, questions: first.questions.map((q) => publicQuestion(q, outcome.passed)) },
        examScore: outcome.score,
        passed: outcome.passed,
        grades: outcome.grades,
        msg: outcome.passed ? passedMessage(outcome.score) : failedMessage(outcome.score, first.exam.minScore),
      };
    }),
  ];
}
