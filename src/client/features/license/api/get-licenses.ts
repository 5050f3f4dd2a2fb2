// GET /api/licenses: the student's licenses, each in its current cycle with its progress.
import { useQuery } from '@tanstack/react-query';
import { getLicenses } from '#shared/api/license';
import { apiQuery } from '../../../lib/query-client.ts';

export const useLicenses = () => useQuery(apiQuery(getLicenses, {}));
