// GET /api/search: combined results for category, company or keyword (spec §2 /search), grouped by kind.
// Typing changes the query key: TanStack Query aborts the request of a key nobody shows any more (its
// AbortSignal goes through lib/api.ts to ky), and the last answer stays on screen, marked as placeholder,
// until the new one arrives, so the results never blink to a skeleton between two keystrokes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSearch } from '#shared/api/catalog';
import { apiQuery } from '../../../lib/query-client.ts';

/** `enabled: false` while the keyword is too short to search (spec §5): nothing is asked */
export const useSearchResults = (filters: { cid?: string; coid?: string; q?: string }, enabled = true) =>
  useQuery({ ...apiQuery(getSearch, filters), enabled, placeholderData: keepPreviousData });
