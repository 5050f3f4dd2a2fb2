// How the outbox sends an action: the contract's call (lib/api.ts) with the action's id as its Idempotency-Key
// and its student as `s`, and what each way of failing means for the action (outbox.ts). Loaded with the first
// replay, not before.
import { ANOTHER_STUDENT, type Endpoint } from '#shared/api/endpoint';
import { IDEMPOTENCY_KEY_IN_FLIGHT } from '#shared/api/idempotency';
import { postQueueAdd, postRemoveQueue } from '#shared/api/classes';
import { postPodcastListen, postPodcastView } from '#shared/api/podcasts';
import { postPageView } from '#shared/api/support';
import { ApiError, call, errorMessage, isUnreachable } from '../api.ts';
import type { OutboxAction, SendResult } from './outbox.ts';

/** the writes that may wait in the outbox: what every screen sends (page views, plays, Watch Later) */
const EVERY_SCREEN: ReadonlyMap<string, Endpoint> = new Map([postQueueAdd, postRemoveQueue, postPodcastView, postPodcastListen, postPageView].map((e) => [e.path, e as Endpoint]));

/**
 * and what a course's steps and the license tracker send, fetched with their modules the first time one is sent: a
 * student's every screen sends a page view through here, and would otherwise fetch the learning and license
 * schemas for it
 */
const withTheirModules = async (): Promise<Endpoint[]> => {
  const [learning, license] = await Promise.all([import('#shared/api/learning'), import('#shared/api/license')]);
  return [learning.postSaveEval, learning.postSaveSvaResponse, learning.postSaveSurveyResponse, learning.postSaveAffidavit, learning.postGradeExam, license.postReportedCourseAdd, license.postReportedCourseProofAdd];
};

const endpointFor = async (path: string): Promise<Endpoint | undefined> => EVERY_SCREEN.get(path) ?? (await withTheirModules()).find((e) => e.path === path);

/** 408 (the request timed out), 429 (too many): the same action later */
const LATER = new Set([408, 429]);

/** the same key still running on the server (another tab's send, a first try whose answer was lost): shortly */
const inFlight = (error: ApiError) => error.status === 409 && error.serverMessage === IDEMPOTENCY_KEY_IN_FLIGHT;

/** the contract's refusal of an `s` that is not the session's student (plugins/contract.ts) */
const notTheirSession = (error: ApiError) => error.status === 403 && error.serverMessage === ANOTHER_STUDENT;

export async function sendAction(action: OutboxAction): Promise<SendResult> {
  let endpoint: Endpoint | undefined;
  try {
    endpoint = await endpointFor(action.path);
  } catch {
    // their module could not be fetched (no network, no worker yet): the action waits
    return { kind: 'retry' };
  }
  if (!endpoint) return { kind: 'refused', message: errorMessage(null), status: 400 };
  try {
    // the action names its student (`s`): the session is the browser's, shared by every tab, and a tab still
    // showing a student after another logged in elsewhere would otherwise send that student's actions as the
    // other's (tests/outbox). The contract refuses an `s` that is not the session's before anything runs.
    const answer = await call(endpoint, { body: { ...(action.body as object), s: action.owner } as never, idempotencyKey: action.id, file: action.file });
    return { kind: 'applied', answer };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'retry' };
    // no session, or another student's: the action waits for its own student's next login
    if (error.status === 401 || notTheirSession(error)) return { kind: 'login' };
    if (inFlight(error)) return { kind: 'retry', after: 1000 };
    if (isUnreachable(error) || error.status >= 500 || LATER.has(error.status)) return { kind: 'retry' };
    return { kind: 'refused', message: errorMessage(error), status: error.status, error };
  }
}
