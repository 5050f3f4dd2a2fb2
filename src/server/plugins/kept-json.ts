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
  if (Array.isArray(value)) {
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
