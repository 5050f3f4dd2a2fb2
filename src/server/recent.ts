// A Map kept to a size by recency: the one way the server bounds what it keeps in memory (kept answers, pages,
// prepared statements, students' marks). A Map iterates in insertion order, so its first key is the least recent.

/** puts `key` in `map` as its most recent entry, and lets the least recent go once there are more than `max` */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
