// Keyword sanitising and the page parameter (spec §5), shared so client and server agree.

/**
 * null if empty or not a string; one apostrophe removed; longer than 2 characters cut to 30;
 * 2 characters or fewer accepted only if '3m' (case-insensitive), else dropped.
 */
export function sanitizeKeyword(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  const k = input.replace("'", '').trim();
  if (k === '') return null;
  if (k.length > 2) return k.slice(0, 30);
  return k.toLowerCase() === '3m' ? k : null;
}

/** integer; 0 or less (or not a number) becomes 1 */
export function pageParam(input: unknown): number {
  const n = typeof input === 'number' ? input : Number.parseInt(String(input ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

/** pages = ceil(totalRows / pageSize) */
export const pageCount = (totalRows: number, pageSize: number) => (pageSize > 0 ? Math.ceil(totalRows / pageSize) : 0);

/** the 1-based UI page clamped to the page count (at least 1) */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, page), Math.max(1, pages));
