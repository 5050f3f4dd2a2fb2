// Grading (decisions.md 3): the server scores an attempt against the course's pass mark after the course
// gate allows it; a pass records the credits and issues the certificate in the same transaction. Each
// attempt is named by the client, so parallel submits or a replay of one attempt grade it once.
import { sql, type Kysely } from 'kysely';
import { nowIso, type Clock } from '../../clock.ts';
import { isPostgres } from '../../db/search-index.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../plugins/contract.ts';
import { issueCertificate } from '../certificates/certificates.service.ts';
import type { CourseGate } from './course-gate.service.ts';
import type { Course, Db } from './course.repository.ts';

export const ANSWER_ALL = 'Please answer all questions.';
export const failedMessage = (score: number, min: number) =>
  `Your score of ${score}% is insufficient to pass this course. A score of ${min}% or greater is required. Review your answers and re-submit exam.`;
export const passedMessage = (score: number) => `Congratulations! You passed with a score of ${score}%.`;

export const OPTIONS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;

export const examQuestions = (q: Db, examId: number) => q.selectFrom('examQuestions').selectAll().where('examId', '=', examId).orderBy('position').orderBy('id').execute();
export type ExamQuestion = Awaited<ReturnType<typeof examQuestions>>[number];

export interface Grade {
  examQId: number;
  correct: boolean;
}
export interface Outcome {
  score: number;
  passed: boolean;
  grades: Grade[];
}

export function examService(db: Kysely<DB>, deps: { clock: Clock; gate: CourseGate }) {
  return {
    /**
     * Grades attempt `attemptKey` of `answers` for the student. The same attempt again returns its first
     * grading; otherwise the gate decides inside the write, so two attempts never both pass.
     */
    async grade(course: Course, studentId: number, attemptKey: string, answers: { examQId: number; option: number }[], questions: ExamQuestion[]): Promise<Outcome> {
      const examId = course.examId!;
      const me = await db.selectFrom('students').select(['firstname', 'lastname', 'agdNumber']).where('id', '=', studentId).executeTakeFirstOrThrow();

      return writeTransaction(db, async (trx) => {
        // one grading at a time per student and course: PostgreSQL queues on the gradebook row (SQLite's
        // BEGIN IMMEDIATE already serialises), so a parallel submit sees the first one's attempt or pass
        if (isPostgres(db)) await sql`select id from gradebook where student_id = ${studentId} and ${sql.ref(course.kind === 'class' ? 'class_id' : 'podcast_id')} = ${course.id} for update`.execute(trx);
        // the same attempt again (a double tap, a replay): its first grading is the answer
        const earlier = await trx.selectFrom('examAttempts').select(['score', 'passed', 'answers']).where('studentId', '=', studentId).where('examId', '=', examId).where('attemptKey', '=', attemptKey).executeTakeFirst();
        if (earlier) return { score: earlier.score, passed: earlier.passed === 1, grades: (JSON.parse(earlier.answers) as { grades: Grade[] }).grades };
        const { progress } = await deps.gate.require(trx, 'grade', course, studentId);
        const given = new Map(answers.map((a) => [a.examQId, a.option]));
        if (given.size !== answers.length || given.size !== questions.length || questions.some((q) => !given.has(q.id))) throw new HttpError(400, ANSWER_ALL);
        const grades = questions.map((q) => ({ examQId: q.id, correct: given.get(q.id) === q.correctOption }));
        const score = Math.round((100 * grades.filter((g) => g.correct).length) / questions.length);
        const passed = score >= course.minScore!;
        const at = nowIso(deps.clock);
        await trx.insertInto('examAttempts').values({ examId, studentId, attemptKey, answers: JSON.stringify({ given: answers, grades }), score, passed: passed ? 1 : 0, createdAt: at }).execute();
        if (passed) {
          await trx.updateTable('gradebook').set({ examTakenAt: at, examScore: score, credits: course.credits, ceTypeId: course.ceTypeId, updatedAt: at }).where('id', '=', progress!.id).execute();
          await issueCertificate(trx, {
            studentId,
            gradebookId: progress!.id,
            studentName: `${me.firstname} ${me.lastname}`,
            agdNumber: me.agdNumber,
            title: course.title,
            speakerName: course.speakerName,
            credits: course.credits,
            ceTypeId: course.ceTypeId,
            agdCode: course.agdCode,
            at,
          });
        }
        return { score, passed, grades };
      });
    },
  };
}
