// POST /api/grade-exam: one attempt graded on the server, named by the client's attemptKey so a submit sent
// twice is graded once; and, after a pass, the answers that show the course as not yet completed.
import { getHome, getOndemand, getPodcasts, getSearch } from '#shared/api/catalog';
import { getAccountHome } from '#shared/api/account';
import { getClass } from '#shared/api/classes';
import { getExam, postGradeExam } from '#shared/api/learning';
import { getCompleted, getCompletedPodcasts, getCompletedWebinars, getPending } from '#shared/api/my-ce';
import { getPodcast, getPodcastShow } from '#shared/api/podcasts';
import { submitAction } from '../../../lib/outbox/index.ts';
import { queryClient } from '../../../lib/query-client.ts';

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
  submitAction(postGradeExam, { ...item, a, attemptKey }, `Exam: ${title}`);

/**
 * A pass records credits and a certificate: the account's totals, CE in Progress and CE Completed, the
 * classroom's or episode's exam banner and the COMPLETED badges of the lists are all out of date. Marks them
 * stale: the ones on screen reload at once, the others when next shown.
 */
export const refreshAfterPass = async (): Promise<void> => {
  const endpoints = [getExam, getClass, getPodcast, getPodcastShow, getAccountHome, getPending, getCompleted, getCompletedWebinars, getCompletedPodcasts, getHome, getSearch, getOndemand, getPodcasts];
  await Promise.all(endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: ['api', endpoint.path] })));
};
