// What journeys through the service worker share: waiting until it controls the page, a cold start in the same
// profile, a handle on the audio element howler plays through (never in the DOM), and what the device keeps
// (IndexedDB and the caches) as a test reads it.
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** the page is controlled by the service worker (it registers once the app is idle; clientsClaim takes the page) */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}

/** an init script: keeps the audio element that last started playing as window.__audio */
export const RECORD_AUDIO = () => {
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    (window as unknown as { __audio: HTMLMediaElement }).__audio = this;
    return play.call(this);
  };
};

/** the recorded element's time, state and source (RECORD_AUDIO) */
export const audio = (page: Page) =>
  page.evaluate(() => {
    const a = (window as unknown as { __audio?: HTMLMediaElement }).__audio;
    return a ? { time: a.currentTime, paused: a.paused, rate: a.playbackRate, src: a.src } : null;
  });

/** a cold start: every page of the context closed, then a new one (same profile: its worker, IndexedDB, caches) */
export async function coldStart(context: BrowserContext, initScript?: () => void): Promise<Page> {
  for (const open of context.pages()) await open.close();
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  return page;
}

/** what the device keeps in IndexedDB (idb-keyval's store) and in the caches, as text to search */
export async function deviceStorage(page: Page): Promise<{ records: Record<string, string>; caches: Record<string, string[]> }> {
  return page.evaluate(async () => {
    const records: Record<string, string> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName).objectStore(storeName);
        const [keys, values] = await Promise.all(
          [store.getAllKeys(), store.getAll()].map((r) => new Promise<unknown[]>((resolve) => (r.onsuccess = () => resolve(r.result as unknown[])))),
        );
        keys!.forEach((key, i) => (records[`${info.name}/${storeName}/${String(key)}`] = JSON.stringify(values![i] ?? null)));
      }
      db.close();
    }
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) cached[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return { records, caches: cached };
  });
}

/** the device's record has an answer to each of these paths fetched since `since` (written a moment after it arrives) */
export async function untilKept(page: Page, paths: string[], since = 0): Promise<void> {
  await expect
    .poll(async () => {
      const record = Object.entries((await deviceStorage(page)).records).find(([key]) => key.endsWith('/cepass.queries'))?.[1];
      const queries = record ? (JSON.parse(record) as { state: { queries: { queryKey: unknown[]; state: { dataUpdatedAt: number } }[] } }).state.queries : [];
      return paths.filter((p) => !queries.some((q) => q.queryKey[1] === p && q.state.dataUpdatedAt >= since));
    }, { timeout: 15_000 })
    .toEqual([]);
}

/** the outbox's actions on this device, in order: each one's path, state, and the size of a file kept with it */
export const outboxActions = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('cepass-outbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('actions').objectStore('actions').getAll();
    const rows = await new Promise<{ path: string; seq: number; state: string; file?: { bytes: ArrayBuffer } }[]>((resolve) => (all.onsuccess = () => resolve(all.result)));
    db.close();
    return rows.sort((a, b) => a.seq - b.seq).map((r) => ({ path: r.path, state: r.state, fileBytes: r.file?.bytes.byteLength ?? 0 }));
  });
