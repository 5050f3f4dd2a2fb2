// The boundary check must fail on a wrong import, or it proves nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-boundaries.mjs');
function run(files: Record<string, string>): { ok: boolean; out: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  try {
    return { ok: true, out: execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    return { ok: false, out: String((err as { stderr: string }).stderr) };
  }
}

describe('check-boundaries', () => {
  it('passes a tree that keeps the rules', () => {
    expect(run({ 'src/client/a.ts': "import { x } from '#shared/api/index';", 'src/server/b.ts': "import { y } from '../shared/c.ts';", 'src/shared/c.ts': 'export const y = 1;', 'sw/sw.ts': "import '#shared/domain/keyword';" }).ok).toBe(true);
  });
  it('fails when the client imports the server', () => {
    const r = run({ 'src/client/a.ts': "import { buildApp } from '../server/app.ts';", 'src/server/app.ts': '' });
    expect(r.ok).toBe(false);
    expect(r.out).toContain('src/client/a.ts: client code imports server code');
  });
  it('fails when shared code imports either side or Node', () => {
    const r = run({ 'src/shared/a.ts': "import x from '#client/x';\nimport { readFile } from 'node:fs';" });
    expect(r.out).toContain('shared code imports client code');
    expect(r.out).toContain('shared code imports "node:fs"');
  });
  it('fails when the service worker imports client code', () => {
    const r = run({ 'sw/sw.ts': "import { paths } from '../src/client/config/paths.ts';", 'src/client/config/paths.ts': '' });
    expect(r.out).toContain('sw code imports client code');
  });
});
