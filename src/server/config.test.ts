// Configuration a deployment sets: here, the clock a rehearsal or a browser journey can move.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from './clock.ts';
import { loadConfig } from './config.ts';

describe('the clock', () => {
  it('is the machine’s, unless CLOCK_OFFSET_FILE moves it by the milliseconds the file holds', async () => {
    expect(loadConfig({}).clock).toBe(systemClock);
    const dir = mkdtempSync(path.join(tmpdir(), 'clock-'));
    try {
      const file = path.join(dir, 'offset');
      const clock = loadConfig({ CLOCK_OFFSET_FILE: file }).clock;
      expect(Math.abs(clock.now() - Date.now())).toBeLessThan(50);
      writeFileSync(file, String(30 * 60_000));
      await new Promise((r) => setTimeout(r, 300));
      expect(clock.now() - Date.now()).toBeGreaterThan(30 * 60_000 - 50);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
