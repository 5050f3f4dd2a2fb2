// GET /api/health: the server's version and settings the page shows (the support address of the footer).
// Read once per visit: they change only when the server is redeployed.
import { useQuery } from '@tanstack/react-query';
import { getHealth } from '#shared/api/support';
import { apiQuery } from '../../../lib/query-client.ts';

export const useHealth = () => useQuery({ ...apiQuery(getHealth), staleTime: Infinity });
