// GET /api/verify: the public check of a certificate number (its QR code's page), for anyone, logged in or not.
import { useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { getVerifyCertificate } from '#shared/api/certificates';
import { apiQuery } from '../../../lib/query-client.ts';

/**
 * A number the contract refuses (a mistyped link) cannot have been issued: it is answered "not genuine" here,
 * without asking the server, instead of showing its 400 as an error.
 */
export const isCertificateNumber = (code: string): boolean => getVerifyCertificate.query !== undefined && v.is(getVerifyCertificate.query, { code });

export const useVerifyCertificate = (code: string) => useQuery({ ...apiQuery(getVerifyCertificate, { code }), enabled: isCertificateNumber(code) });
