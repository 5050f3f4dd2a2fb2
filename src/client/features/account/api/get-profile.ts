// GET /api/profile: the student profile for the Profile tab.
import { useQuery } from '@tanstack/react-query';
import { getProfile } from '#shared/api/account';
import { apiQuery } from '../../../lib/query-client.ts';

export const useProfile = () => useQuery(apiQuery(getProfile, {}));
