// POST /api/send-ce-report: e-mails the Proof of CE report.
import { postSendCeReport } from '#shared/api/account';
import { call } from '../../../lib/api.ts';

export const sendCeReport = () => call(postSendCeReport, { body: {} });
