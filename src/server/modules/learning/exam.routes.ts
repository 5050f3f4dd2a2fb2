// The exam over HTTP (spec §2, §4; decisions.md 3): questions leave without answer keys, which the
// browser sees only once the student has passed; grading is the exam service's, behind the course gate.
import type { Kysely } from 'kysely';
import { getExam, postGradeExam } from '#shared/api/learning';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { rememberTimeZone } from '../account/time-zone.ts';
import { implement, type Implementation } from '../../plugins/contract.ts';
import type { CourseGate } from './course-gate.service.ts';
import { examQuestions, examService, failedMessage, OPTIONS, passedMessage, type ExamQuestion } from './exam.service.ts';

/** what the browser may see of a question; the key only once the student has passed */
const publicQuestion = (q: ExamQuestion, passed: boolean) =>
  ({
    examQId: q.id,
    question: q.question,
    ...Object.fromEntries(OPTIONS.map((o) => [o, q[o]])),
    ...(passed ? { correctOption: q.correctOption } : {}),
  }) as { examQId: number; question: string; option1: string | null; option2: string | null; option3: string | null; option4: string | null; option5: string | null; option6: string | null; correctOption?: number };

export function examRoutes(db: Kysely<DB>, deps: { clock: Clock; gate: CourseGate }): Implementation[] {
  const { gate } = deps;
  const exams = examService(db, deps);

  return [
    implement(getExam, async ({ query, student }) => {
      const course = await gate.course(db, query);
      const { progress: g } = await gate.require(db, 'exam', course, student.id);
      const questions = await examQuestions(db, course.examId!);
      return {
        status: true,
        exam: { minScore: course.minScore!, questions: questions.map((q) => publicQuestion(q, false)) },
        studentData: { evalTaken: g?.evalTakenAt != null, examTaken: g?.examTakenAt != null, examScore: g?.examScore ?? null, examDate: g?.examTakenAt ?? null, attended: g?.attended == null ? null : g.attended === 1 },
        classId: course.kind === 'class' ? course.id : null,
        podcastId: course.kind === 'podcast' ? course.id : null,
        title: course.title,
        credits: course.credits,
        releaseDate: course.releaseDate,
      };
    }),

    implement(postGradeExam, async ({ body, student }) => {
      const course = await gate.course(db, body);
      // a quick refusal of an exam that is not offered; the service asks the gate for the attempt inside its write
      await gate.require(db, 'exam', course, student.id);
      const questions = await examQuestions(db, course.examId!);
      // the device's zone: a pass's certificate is dated the day it is there (decision 0045)
      await rememberTimeZone(db, student.id, body.tz);
      const outcome = await exams.grade(course, student.id, body.attemptKey, body.a, questions);
      return {
        status: true,
        exam: { minScore: course.minScore!, questions: questions.map((q) => publicQuestion(q, outcome.passed)) },
        examScore: outcome.score,
        passed: outcome.passed,
        grades: outcome.grades,
        msg: outcome.passed ? passedMessage(outcome.score) : failedMessage(outcome.score, course.minScore!),
      };
    }),
  ];
}
