// POST /api/save-survey-response: one survey question's choices; the last question's answer says so (isLast).
import { postSaveSurveyResponse } from '#shared/api/learning';
import type { BodyOf } from '#shared/api/endpoint';
import { submitStep } from '../../../lib/outbox/index.ts';

/** through the outbox (applied or pending) */
export const saveSurveyResponse = (body: Omit<BodyOf<typeof postSaveSurveyResponse>, 's'>) => submitStep(postSaveSurveyResponse, body, 'Survey answer');
