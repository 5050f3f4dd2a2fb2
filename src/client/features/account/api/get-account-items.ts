// GET /api/account-items: lookup lists for the register and profile forms.
import { useQuery } from '@tanstack/react-query';
import { getAccountItems } from '#shared/api/account';
import { apiQuery } from '../../../lib/query-client.ts';

export const useAccountItems = () => useQuery({ ...apiQuery(getAccountItems, {}), staleTime: 60 * 60_000 });
