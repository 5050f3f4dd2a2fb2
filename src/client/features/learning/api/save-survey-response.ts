// POST /api/save-survey-response: one survey question's choices; the last question's answer says so (isLast).
import { postSaveSurveyResponse } from '#shared/api/learning';
import type { BodyOf } from '#shared/api/endpoint';
import { call } from '../../../lib/api.ts';

export const saveSurveyResponse = (body: Omit<BodyOf<typeof postSaveSurveyResponse>, 's'>) => call(postSaveSurveyResponse, { body });
