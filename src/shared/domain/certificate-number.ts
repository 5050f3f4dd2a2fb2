// A certificate's number (decision 0040): what a board auditor reads off the paper and types in. Twelve characters of
// Crockford's base32 in three groups (7K4M-Q2XD-9HRT): no lowercase, no I, L, O or U, so nothing reads as another
// character, and 60 random bits, too many to guess a number that was issued. Certificates issued before keep their
// number (base64url, case-sensitive) and are still found by it exactly.

/** the 32 characters of a number, in value order */
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUP = 4;
const LENGTH = 12;

/** a number from 12 values 0–31 (the server draws them at random) */
export const certificateNumberOf = (values: ArrayLike<number>): string =>
  Array.from({ length: LENGTH }, (_, i) => CERTIFICATE_ALPHABET[values[i]! & 31]).join('').replace(/(.{4})(?!$)/g, '$1-');

/** the dashes a word processor or an e-mail puts for a typed '-' (en and em dash, the hyphens, minus) */
const DASHES = /[\u2010-\u2015\u2212\u2043\uFE58\uFE63\uFF0D]/g;

/**
 * A number as it was typed or pasted, with its dashes made plain and its spaces (a link's %20 too) left out: what
 * the check sends, so a number copied from a document whose dashes became en dashes is still found (decision 0045).
 * Case and letters are the check's to read (canonicalCertificateNumber): a number issued before is case-sensitive.
 */
export const typedCertificateNumber = (typed: string): string => typed.replace(DASHES, '-').replace(/\s+/g, '');

/**
 * A number as someone typed it, in its printed form: any case, spaces or dashes anywhere, O for zero and I or L
 * for one, as Crockford's base32 reads them. Null when it cannot be a number of this form (it may still be one
 * issued before: those are looked up as typed).
 */
export function canonicalCertificateNumber(typed: string): string | null {
  const plain = typedCertificateNumber(typed).toUpperCase().replace(/-+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !CERTIFICATE_ALPHABET.includes(c))) return null;
  return plain.replace(new RegExp(`(.{${GROUP}})(?!$)`, 'g'), '$1-');
}
