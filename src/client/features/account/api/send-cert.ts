// POST /api/send-cert: e-mails a Proof of CE certificate.
import { postSendCert } from '#shared/api/account';
import { call } from '../../../lib/api.ts';

export const sendCertificate = (item: { c?: string; p?: string }) => call(postSendCert, { body: item });
