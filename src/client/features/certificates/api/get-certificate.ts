// GET /api/certificate: the student's own certificate for a completed class (c) or podcast (p).
import { useQuery } from '@tanstack/react-query';
import { getCertificate } from '#shared/api/certificates';
import { apiQuery } from '../../../lib/query-client.ts';

export const useCertificate = (item: { c?: string; p?: string }) => useQuery(apiQuery(getCertificate, item));
