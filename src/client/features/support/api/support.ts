// POST /api/support: the support form.
import { postSupport } from '#shared/api/support';
import { call } from '../../../lib/api.ts';

export const sendSupportRequest = (form: { hash?: string | null; name: string; office: string; email: string; phone: string; subject: string; comment: string }) => call(postSupport, { body: form });
