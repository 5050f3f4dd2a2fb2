// GET /api/license: one license in one cycle (the current one when `cycle` is left out): its rules with their
// sources, the cycle's courses and the progress against the rules.
import { useQuery } from '@tanstack/react-query';
import { getLicense } from '#shared/api/license';
import { apiQuery } from '../../../lib/query-client.ts';

/** the query of the license's page; `cycle` is the end date of a finished cycle */
export const licenseQuery = (id: number, cycle?: string | null) => apiQuery(getLicense, { id: String(id), ...(cycle ? { cycle } : {}) });

export const useLicense = (id: number, cycle?: string | null) => useQuery({ ...licenseQuery(id, cycle), enabled: id > 0 });
