// A Map kept to a size by recency: the one way the server bounds what it keeps in memory (kept answers, pages,
// prepared statements, students' marks and copies). A Map iterates in insertion order, so its first key is the
// least recent.

/** puts `key` in `map` as its most recent entry, and lets the least recent go once there are more than `max` */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/** a value `keptWhile` keeps, with what it was made from */
export type KeptWhile<V> = { stamp: readonly unknown[]; value: Promise<V> };

/**
 * The value kept under `key` if it was made from the same `stamp` (each part the same, by identity), else the one
 * `make` makes now, kept in its place (a failure is never kept). For what is true while versions stand: a student's
 * marks while their marks version does, their copy of a kept answer while that answer and the version do.
 */
export function keptWhile<K, V>(map: Map<K, KeptWhile<V>>, key: K, stamp: readonly unknown[], make: () => Promise<V>, max: number): Promise<V> {
  const known = map.get(key);
  if (known && known.stamp.length === stamp.length && known.stamp.every((part, i) => part === stamp[i])) return known.value;
  const value = make();
  value.catch(() => forget(map, key, value));
  keepRecent(map, key, { stamp, value }, max);
  return value;
}

/** lets `value` go from `map` if it is still the one kept under `key` */
export function forget<K, V>(map: Map<K, KeptWhile<V>>, key: K, value: Promise<V>): void {
  if (map.get(key)?.value === value) map.delete(key);
}
