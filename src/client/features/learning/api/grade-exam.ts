// POST /api/grade-exam: one attempt graded on the server, named by the client's attemptKey so a submit sent
// twice is graded once. What a grading makes stale (the totals, CE Completed, the badges) is refreshed by the
// table of query effects (lib/query-effects.ts), which the outbox applies to every applied action.
import { postGradeExam } from '#shared/api/learning';
import { submitAction } from '../../../lib/outbox/index.ts';
import { deviceTimeZone } from '../../../lib/time-zone.ts';

export interface ExamAnswer {
  examQId: number;
  /** 1-based, as option1…option6 */
  option: number;
}

/**
 * Through the outbox: the answers are kept on the device first; graded now, or when the network is back (the
 * app then tells the student the result: app/outbox-status.tsx). The attempt key names the attempt to the
 * grading itself, the outbox's key names the request: either way one grading.
 */
export const gradeExam = (item: { c?: string; p?: string }, a: ExamAnswer[], attemptKey: string, title: string) =>
  submitAction(postGradeExam, { ...item, a, attemptKey, tz: deviceTimeZone() }, `Exam: ${title}`);
