// A reported course's proof file (issue 19): what it is, judged by its bytes alone (never its name or declared
// type), the name it is kept and handed back under, and the private storage key it lives at.
import { PROOF_TYPES, type ProofType } from '#shared/domain/license';
import { randomHash } from '../../db/ids.ts';
import { PRIVATE_PREFIX } from '../../plugins/media.ts';

export const PROOF_MESSAGES = {
  empty: 'The file is empty. Choose the photo or PDF again.',
  notAProof: 'The proof must be a photo (JPEG or PNG) or a PDF.',
  missing: 'Choose the photo or PDF of the certificate.',
} as const;

const EXT: Record<ProofType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, from: number, to: number) => Buffer.from(b.subarray(Math.max(0, from), Math.min(b.length, to))).toString('latin1');

/**
 * The file's type from its content, or null: a JPEG starts with a start-of-image marker followed by another marker
 * and holds an end-of-image marker; a PNG has its signature followed by the IHDR chunk; a PDF starts with %PDF-1.x
 * or %PDF-2.x and ends with %%EOF (in its last kilobyte, where readers look for it). A file that merely claims one
 * of these by name or by its declared type is none of them.
 */
export function proofTypeOf(b: Uint8Array): ProofType | null {
  if (startsWith(b, [0xff, 0xd8, 0xff]) && b.length > 4) {
    for (let i = b.length - 2; i >= Math.max(2, b.length - 64 * 1024); i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return 'image/jpeg';
    return null;
  }
  if (startsWith(b, PNG_SIGNATURE) && ascii(b, 12, 16) === 'IHDR') return 'image/png';
  if (/^%PDF-[12]\.\d/.test(ascii(b, 0, 8)) && ascii(b, b.length - 1024, b.length).includes('%%EOF')) return 'application/pdf';
  return null;
}

/**
 * The name kept for the student's own eyes and the download: the last segment of whatever path was sent, letters,
 * digits, spaces, dots, hyphens and underscores only, no leading dot, and the extension of its real type. It is
 * never part of a storage key, so no name can reach another file.
 */
export function proofName(sent: string, type: ProofType): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  const base = last
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/^[.\s_-]+/, '')
    .trim()
    .slice(0, 80);
  return `${base || 'proof'}.${EXT[type]}`;
}

/** a new private key for a student's proof: random, so it names nothing and cannot be guessed or collide */
export const proofKey = (studentId: number, type: ProofType): string => `${PRIVATE_PREFIX}proofs/${studentId}/${randomHash(24)}.${EXT[type]}`;

export const isProofType = (t: string | null): t is ProofType => (PROOF_TYPES as readonly string[]).includes(t ?? '');
