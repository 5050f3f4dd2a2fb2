// GET /api/profile: the student profile for the Account tabs and /gdpr.
import { useQuery } from '@tanstack/react-query';
import { getProfile } from '#shared/api/account';
import { apiQuery, queryClient } from '../../../lib/query-client.ts';

export const useProfile = () => useQuery(apiQuery(getProfile, {}));

/** after a change the server made to the profile (saved, reminder hidden, consent withdrawn) */
export const refreshProfile = (): void => void queryClient.invalidateQueries({ queryKey: apiQuery(getProfile, {}).queryKey });
