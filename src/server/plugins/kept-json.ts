// The JSON text of kept answers (docs/decisions/0025): each object of an answer the contract keeps is serialized
// once, so a visitor's answer costs no serialization and a student's only the parts their marks changed.

const texts = new WeakMap<object, string>();

/**
 * `JSON.stringify(value)` for the plain data of a validated answer (objects, arrays, strings, numbers,
 * booleans, null), using the kept text of every object inside that has one (`keepJson`). Only for objects nobody
 * changes once answered: the contract's kept answers and the copies a student's overlay makes of them.
 */
export const keptJson = (value: unknown): string => write(value, false);

/**
 * `keptJson` for an answer many callers will share parts of (the contract's kept answer, when it is made): every
 * object and array inside gets its text kept too, so a student's copy that changes one row reuses the text of all
 * the others (written whole, a shared answer would keep only its own text, and every copy be written in full).
 */
export const keepJson = (value: unknown): string => write(value, true);

function write(value: unknown, keepAll: boolean): string {
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value) ?? 'null';
  const known = texts.get(value);
  if (known !== undefined) return known;
  // a fresh object with nothing kept inside (a row a student's marks copied) is written by the engine's own
  // JSON.stringify in one call, several times faster than piece by piece
  // a student's copy is made for one request: its text is not kept (nobody asks for that object again)
  if (!keepAll && !holdsKept(value)) return JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item) => (isSkipped(item) ? 'null' : write(item, keepAll))).join(',')}]`;
  } else {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) if (!isSkipped(item)) parts.push(`${JSON.stringify(key)}:${write(item, keepAll)}`);
    text = `{${parts.join(',')}}`;
  }
  if (keepAll) texts.set(value, text);
  return text;
}

/** what JSON.stringify leaves out of an object, or writes as null in an array */
const isSkipped = (item: unknown) => item === undefined || typeof item === 'function' || typeof item === 'symbol';

/** the kept text of an object, if it has one: it is part of an answer the contract keeps for every caller */
export const keptText = (value: object): string | undefined => texts.get(value);

/**
 * the shortest kept text worth writing around: below it, the engine's one JSON.stringify of the whole copy is faster
 * than writing it piece by piece (a student's classroom, whose kept part is its learning objectives: 1.9 KB)
 */
const REUSED_FROM = 512;

/** whether `value` holds, at any depth, an object whose kept text is worth reusing */
function holdsKept(value: object): boolean {
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (typeof item === 'object' && item !== null && ((texts.get(item)?.length ?? 0) >= REUSED_FROM || holdsKept(item))) return true;
  }
  return false;
}
