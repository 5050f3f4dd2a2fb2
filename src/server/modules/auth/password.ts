// Password hashing (security.md): scrypt N=2^17, r=8, p=1 in a PHC-style string, one hash at a time.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../../plugins/contract.ts';

const scrypt = (pw: string, salt: Buffer, len: number, o: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, o, (err, key) => (err ? reject(err) : resolve(key))));

export const PRODUCTION_COST = 17;
const KEY_LEN = 32;

/**
 * Hashes run one after another: each takes ~128 MiB and ~0.4 s at production cost. Beyond a short
 * queue (about 3 s of work) the caller gets 503 + Retry-After instead of waiting, so a burst of
 * logins can neither exhaust memory nor hold every connection open.
 */
export const MAX_QUEUED_HASHES = 8;
let chain: Promise<unknown> = Promise.resolve();
let queued = 0;
function serial<T>(fn: () => Promise<T>): Promise<T> {
  if (queued >= MAX_QUEUED_HASHES) return Promise.reject(new HttpError(503, 'CE Pass is busy. Try again in a few seconds.', { headers: { 'retry-after': '5' } }));
  queued++;
  const run = chain.then(fn, fn).finally(() => queued--);
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
