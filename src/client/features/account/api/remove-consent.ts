// POST /api/remove-consent: the GDPR request to remove consent.
import { postRemoveConsent } from '#shared/api/account';
import { call } from '../../../lib/api.ts';

export const removeConsent = (h: string | null) => call(postRemoveConsent, { body: { h } });
