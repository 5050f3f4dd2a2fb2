// GET /api/account-home: the credit summary (ceHome, ceLive, ceTotal).
import { useQuery } from '@tanstack/react-query';
import { getAccountHome } from '#shared/api/account';
import { apiQuery } from '../../../lib/query-client.ts';

export const useAccountHome = () => useQuery(apiQuery(getAccountHome, {}));
