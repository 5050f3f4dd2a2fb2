// POST /api/save-affidavit: the attendance confirmation of a live class.
import { postSaveAffidavit } from '#shared/api/learning';
import { call } from '../../../lib/api.ts';

export const saveAffidavit = (c: string, attended: boolean) => call(postSaveAffidavit, { body: { c, attended } });
