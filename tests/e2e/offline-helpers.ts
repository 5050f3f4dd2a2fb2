// What journeys through the service worker share: waiting until it controls the page, a cold start in the same
// profile, and a handle on the audio element howler plays through (never in the DOM).
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
