// Sizes as a phone's storage settings show them (decimal units, as iOS and Android count).
// The number and its unit never part at a line's end (a no-break space).
export const formatSize = (bytes: number): string => {
  if (bytes < 1000) return `${Math.max(0, Math.round(bytes))}\u00a0B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)}\u00a0KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)}\u00a0MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)}\u00a0GB`;
};

/** 0..100 of a transfer, or null while its size is unknown */
export const percentOf = (received: number, total: number): number | null => (total > 0 ? Math.min(100, Math.floor((received / total) * 100)) : null);
