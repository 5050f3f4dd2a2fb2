// Where files live (issue 18): the content pack's media (audio, video, PDFs, e-books, images) and, later, what
// students upload. One interface, so that several server processes can share one store: a local folder by
// default (DATA_DIR/media; a shared volume for several servers), and an object store would be a second
// implementation of the same five calls. Keys are relative paths ('audio/x.mp3'); nothing outside the root is
// ever reached, whatever a key says.
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import send from '@fastify/send';

/** an HTTP answer for a stored file: status, headers and the body (null for a 304 or an error status) */
export interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Readable | null;
}

export interface Storage {
  /** for the logs and the README: where the files are */
  readonly where: string;
  /** copies a folder's files in, each under its path in that folder (a content pack's media) */
  importFolder(from: string): Promise<void>;
  put(key: string, data: Uint8Array): Promise<void>;
  /** the file's bytes, or null when there is none */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** the answer to a GET or HEAD for the file: byte ranges (audio seeks), ETag and Last-Modified (304), 404 when absent */
  answer(req: IncomingMessage, key: string): Promise<StoredAnswer>;
}

/** a key as a path under the root: normalised, and refused when it would leave the root or holds a NUL */
export function keyPath(key: string): string | null {
  if (key.includes('\0') || key === '') return null;
  const rel = path.posix.normalize(key.replaceAll('\\', '/')).replace(/^\/+/, '');
  if (rel === '.' || rel === '..' || rel.startsWith('../')) return null;
  return rel;
}

const checked = (key: string): string => {
  const rel = keyPath(key);
  if (rel === null) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return rel;
};

/** the server's storage, from its config: the local folder DATA_DIR/media (a shared volume when several servers run) */
export const storageOf = (config: { dataDir: string }): Storage => localFolderStorage(path.join(config.dataDir, 'media'));

export function localFolderStorage(root: string): Storage {
  const full = (key: string) => path.join(root, checked(key));
  return {
    where: root,
    importFolder: async (from) => {
      await mkdir(root, { recursive: true });
      await cp(from, root, { recursive: true, force: true });
    },
    put: async (key, data) => {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      // written beside and renamed: a reader never sees half a file
      const temp = `${file}.${process.pid}.part`;
      await writeFile(temp, data);
      await rename(temp, file);
    },
    read: async (key) => {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    remove: (key) => rm(full(key), { force: true }),
    answer: async (req, key) => {
      const rel = keyPath(key);
      if (rel === null) return { statusCode: 404, headers: {}, body: null };
      const encoded = `/${rel.split('/').map(encodeURIComponent).join('/')}`;
      const { statusCode, headers, stream } = await send(req, encoded, { root, acceptRanges: true, cacheControl: false, index: false, dotfiles: 'deny' });
      // (send's own error bodies are HTML: the caller answers errors in its words; a 416 keeps its Content-Range)
      if (statusCode >= 400) {
        stream.destroy();
        const range = (headers as Record<string, string>)['Content-Range'] ?? (headers as Record<string, string>)['content-range'];
        return { statusCode, headers: range ? { 'content-range': range } : {}, body: null };
      }
      return { statusCode, headers: headers as Record<string, string>, body: statusCode === 304 ? (stream.destroy(), null) : stream };
    },
  };
}
