// GET /api/mobilead: the sponsor's offer behind a banner (spec §3 "Ad detail"), fetched when its dialog first opens.
import { useQuery } from '@tanstack/react-query';
import { getMobileAd } from '#shared/api/ads';
import { apiQuery } from '../../../lib/query-client.ts';

/** with `enabled` false it only reads what an earlier opening left in the cache (the banner's alt text) */
export const useMobileAd = (adId: number, enabled = true) =>
  useQuery({ ...apiQuery(getMobileAd, { a: String(adId) }), enabled, staleTime: 30 * 60_000, select: (r) => r.data[0] ?? null });
