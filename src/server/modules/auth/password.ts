// Password hashing (security.md): scrypt N=2^17, r=8, p=1 in a PHC-style string, one hash at a time.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, o: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, o, (err, key) => (err ? reject(err) : resolve(key))));

export const PRODUCTION_COST = 17;
const KEY_LEN = 32;

/** Hashes run one after another: each takes ~128 MiB and ~0.4 s at production cost. */
let chain: Promise<unknown> = Promise.resolve();
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

const options = (logN: number, r = 8, p = 1): ScryptOptions => ({ N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 });

/** `$scrypt$ln=17,r=8,p=1$<salt b64>$<hash b64>` */
export async function hashPassword(password: string, logN: number = PRODUCTION_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await serial(() => scrypt(password.normalize('NFC'), salt, KEY_LEN, options(logN)));
  return `$scrypt$ln=${logN},r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const key = await serial(() => scrypt(password.normalize('NFC'), Buffer.from(m[4]!, 'base64'), expected.length, options(Number(m[1]), Number(m[2]), Number(m[3]))));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
