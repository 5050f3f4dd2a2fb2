// Media (audio, video, PDFs, images, e-books) from the storage (storage/storage.ts), with byte ranges. The route
// decides what may be read and the storage answers with the bytes: an e-book only for a logged-in student
// (spec §6; anyone else is sent to log in and back to /ebooks), and never a private key (uploads).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Storage } from '../storage/storage.ts';

const MEDIA_PREFIX = '/media/';
/** keys under this folder are students' own files, served only by their own routes (never as media) */
export const PRIVATE_PREFIX = 'private/';

/**
 * The file the media route serves for this URL, as a key of the storage ('pdf/ebooks/x.pdf'), or null when it
 * serves none: the raw path after the prefix, decodeURI, then normalised; a path that climbs out is refused. The
 * session's identity check and the e-book gate decide on this key, and this key is what is sent, so no spelling
 * of a URL can reach a file the gate did not judge.
 */
export function mediaFileOf(url: string): string | null {
  const raw = url.split('?')[0]!;
  if (!raw.startsWith(MEDIA_PREFIX)) return null;
  let decoded: string;
  try {
    decoded = decodeURI(`/${raw.slice(MEDIA_PREFIX.length)}`);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = path.normalize(`.${path.sep}${decoded}`);
  if (/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(rel)) return null;
  return rel.split(path.sep).join('/');
}

/** a PDF by its name on disk: the gate compares without case, as a case-insensitive disk would serve it */
export const isPdf = (file: string | null): file is string => file !== null && file.toLowerCase().endsWith('.pdf');

export function registerMedia(app: FastifyInstance, db: Kysely<DB>, storage: Storage): void {
  app.get('/media/*', async (req, reply) => {
    const file = mediaFileOf(req.url);
    if (file === null || file.toLowerCase().startsWith(PRIVATE_PREFIX)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    if (!req.student && isPdf(file)) {
      const ebook = await db
        .selectFrom('ebooks')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['pdf']), '=', file.toLowerCase()))
        .executeTakeFirst();
      if (ebook) return reply.code(302).header('cache-control', 'no-store').redirect('/login?rurl=%2Febooks');
    }
    const answer = await storage.answer(req.raw, file);
    if (answer.statusCode === 404 || answer.statusCode === 403) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    if (answer.statusCode >= 400) return reply.code(answer.statusCode).headers(answer.headers).send();
    // a PDF may be an e-book, which only a logged-in student may fetch: no shared cache may keep it
    reply.code(answer.statusCode).headers(answer.headers).header('cache-control', isPdf(file) ? 'private, max-age=86400' : 'public, max-age=86400');
    return reply.send(answer.body ?? undefined);
  });
}
