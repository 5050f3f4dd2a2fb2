// The JSON text of kept answers (docs/decisions/0025): each object of an answer the contract keeps is serialized
// once, so a visitor's answer costs no serialization and a student's only the parts their marks changed.

const texts = new WeakMap<object, string>();

/**
 * `JSON.stringify(value)` for the plain data of a validated answer (objects, arrays, strings, numbers,
 * booleans, null), remembering the text of every object and array by identity. Only for objects nobody changes
 * once answered: the contract's kept answers and the copies a student's overlay makes of them.
 */
export function keptJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value) ?? 'null';
  const known = texts.get(value);
  if (known !== undefined) return known;
  let text: string;
  // a fresh object with nothing kept inside (a row a student's marks copied) is written by the engine's own
  // JSON.stringify in one call, several times faster than piece by piece
  if (!holdsKept(value)) text = JSON.stringify(value);
  else if (Array.isArray(value)) {
    text = `[${value.map((item) => (item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : keptJson(item))).join(',')}]`;
  } else {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      parts.push(`${JSON.stringify(key)}:${keptJson(item)}`);
    }
    text = `{${parts.join(',')}}`;
  }
  texts.set(value, text);
  return text;
}

/** whether `value` holds, at any depth, an object whose text is kept */
function holdsKept(value: object): boolean {
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (typeof item === 'object' && item !== null && (texts.has(item) || holdsKept(item))) return true;
  }
  return false;
}
