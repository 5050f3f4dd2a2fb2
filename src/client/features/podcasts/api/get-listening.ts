// GET /api/listening: "Continue listening", the student's started episodes not yet played, newest first.
import { useQuery } from '@tanstack/react-query';
import { getListening } from '#shared/api/podcasts';
import { apiQuery } from '../../../lib/query-client.ts';

export const listeningQuery = () => apiQuery(getListening);
export const useListening = (options: { enabled?: boolean } = {}) => useQuery({ ...listeningQuery(), ...options });
