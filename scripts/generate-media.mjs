#!/usr/bin/env node
// Generates the demo media a content pack refers to, so the demo needs no real recordings or artwork.
//
//   node scripts/generate-media.mjs [pack.json] [--force]
//
// Reads the pack (default content/demo/pack.json) and its `includes`, lists every referenced media file
// (the same list as mediaPaths() in src/server/content/load-pack.ts) and creates each one that is missing
// under <pack folder>/media/: spoken podcast MP3s (espeak-ng + lame), short VP9/Opus WebM clips (ffmpeg),
// PDF handouts and e-books (pdf-lib) and SVG artwork (plain strings). It also writes the app icons under
// public/ when they are missing. Existing files are kept unless --force is given. Measured podcast
// durations are written to media/audio/durations.json ({episodeHash: seconds}) for the importer.
// The outputs are committed, so only someone regenerating media needs the tools; when run as root the
// script installs missing Debian packages itself.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const FORCE = args.includes('--force');
const packFile = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'content/demo/pack.json'));
const packDir = path.dirname(packFile);
const MEDIA = path.join(packDir, 'media');
const PUBLIC = path.join(ROOT, 'public');
const BRAND = '#0b5cab';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const VIDEO_SECONDS = 10;
const TMP = mkdtempSync(path.join(os.tmpdir(), 'ce-media-'));
process.on('exit', () => rmSync(TMP, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------------
// Pack loading (the same `includes` merge as load-pack.ts)

const ARRAY_KEYS = ['categories', 'companies', 'speakers', 'classes', 'podcastShows', 'ebooks', 'surveys', 'sponsoredVideos', 'ads', 'adPlacements', 'blurbs', 'students'];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    fail(`cannot read ${path.relative(process.cwd(), file)}: ${err.message}`);
  }
}

function loadPack(file) {
  const root = readJson(file);
  const merged = { ...root };
  for (const inc of Array.isArray(root.includes) ? root.includes : []) {
    const part = readJson(path.join(path.dirname(file), String(inc)));
    for (const key of ARRAY_KEYS) if (Array.isArray(part[key])) merged[key] = [...(merged[key] ?? []), ...part[key]];
    for (const key of ['lookups', 'featured']) if (part[key] && !merged[key]) merged[key] = part[key];
  }
  return merged;
}

/** Every referenced media file with what refers to it (first reference wins, like mediaPaths()). */
function mediaJobs(pack) {
  const jobs = new Map();
  const add = (p, ctx) => p && !jobs.has(p) && jobs.set(p, { path: p, ...ctx });
  const companies = new Map((pack.companies ?? []).map((c) => [c.key, c]));
  const speakers = new Map((pack.speakers ?? []).map((s) => [s.key, s]));
  const categories = new Map((pack.categories ?? []).map((c) => [c.key, c.name]));
  const look = { companies, speakers, categories };
  pack.companies?.forEach((c) => add(c.logo, { kind: 'logo', seed: c.key, company: c, look }));
  pack.speakers?.forEach((s) => add(s.photo, { kind: 'avatar', seed: s.key, speaker: s, look }));
  pack.classes?.forEach((c) => {
    add(c.photo, { kind: 'classCard', seed: c.hash, cls: c, look });
    add(c.video, { kind: 'video', seed: c.hash, cls: c, look });
    add(c.pdf, { kind: 'classPdf', seed: c.hash, cls: c, look });
  });
  pack.podcastShows?.forEach((s) => {
    add(s.photo, { kind: 'showCover', seed: s.hash, show: s, look });
    s.episodes?.forEach((e) => {
      add(e.mp3, { kind: 'audio', seed: e.hash, ep: e, show: s, look });
      add(e.photo, { kind: 'episodeCover', seed: e.hash, ep: e, show: s, look });
    });
  });
  pack.ebooks?.forEach((b) => {
    add(b.thumbnail, { kind: 'ebookCover', seed: b.hash, book: b, look });
    add(b.pdf, { kind: 'ebookPdf', seed: b.hash, book: b, look });
  });
  pack.sponsoredVideos?.forEach((s) => add(s.video, { kind: 'sponsorVideo', seed: s.key, sva: s, look }));
  pack.ads?.forEach((a) =>
    (a.banners ?? []).forEach((b, i) => {
      const m = /-(320|480|768|1024)\.[a-z0-9]+$/.exec(b);
      add(b, { kind: 'banner', seed: a.key, ad: a, width: m ? Number(m[1]) : [320, 480, 768, 1024][i] ?? 320, look });
    }),
  );
  return [...jobs.values()];
}

// ---------------------------------------------------------------------------------------------------
// Helpers: processes, tools, files

function fail(msg) {
  console.error(`generate-media: ${msg}`);
  process.exit(1);
}

function run(cmd, argv, opts = {}) {
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error || r.status !== 0) {
    const out = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-8).join('\n');
    throw new Error(`${cmd} failed${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}\n${out}`);
  }
  return r.stdout;
}

function runAsync(cmd, argv) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} failed (exit ${code})\n${out.trim().split('\n').slice(-8).join('\n')}`))));
  });
}

const hasCommand = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/** Makes sure the tools exist: installs their Debian packages when root, else explains what is missing. */
function ensureTools(needs) {
  const missing = needs.filter((n) => (n.bin ? !hasCommand(n.bin) : !existsSync(n.file)));
  if (!missing.length) return;
  const pkgs = [...new Set(missing.map((n) => n.pkg))];
  const what = missing.map((n) => n.bin ?? n.file).join(', ');
  if (process.getuid?.() !== 0) {
    fail(`missing ${what}. Install the Debian package(s) first:\n  sudo apt-get install -y ${pkgs.join(' ')}\n(or run this script as root and it will install them)`);
  }
  console.log(`installing ${pkgs.join(' ')} (for ${what})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { stdio: 'inherit', env }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    if (!install()) fail(`apt-get install ${pkgs.join(' ')} failed`);
  }
  const still = needs.filter((n) => (n.bin ? !hasCommand(n.bin) : !existsSync(n.file)));
  if (still.length) fail(`still missing after install: ${still.map((n) => n.bin ?? n.file).join(', ')}`);
}

const TOOLS = {
  espeak: { bin: 'espeak-ng', pkg: 'espeak-ng' },
  lame: { bin: 'lame', pkg: 'lame' },
  ffmpeg: { bin: 'ffmpeg', pkg: 'ffmpeg' },
  ffprobe: { bin: 'ffprobe', pkg: 'ffmpeg' },
  rsvg: { bin: 'rsvg-convert', pkg: 'librsvg2-bin' },
  font: { file: FONT, pkg: 'fonts-dejavu-core' },
  fontBold: { file: FONT_BOLD, pkg: 'fonts-dejavu-core' },
};

/** Writes via a temporary sibling and a rename, so an interrupted run never leaves a half file that later runs would skip. */
function writeAtomic(file, data) {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.part-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

function moveInto(tmpFile, file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.part-${process.pid}`, readFileSync(tmpFile));
  renameSync(`${file}.part-${process.pid}`, file);
}

let tmpCounter = 0;
const tmpFile = (ext) => path.join(TMP, `t${++tmpCounter}.${ext}`);

function probeDuration(file) {
  return Number(run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim());
}

const kb = (file) => `${(statSync(file).size / 1024).toFixed(1)} KB`;

async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

// ---------------------------------------------------------------------------------------------------
// Colour: a pleasant palette picked deterministically from a hash, with WCAG-checked text colours

function fnv1a(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function hslToHex(h, s, l) {
  h = ((h % 360) + 360) % 360;
  s /= 100;
  l /= 100;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[f(0), f(8), f(4)].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Darkest-needed shade of (h, s) starting at lightness l that carries white text at ≥ 4.6:1. */
function darkFor(h, s, l) {
  let hex = hslToHex(h, s, l);
  while (contrast(hex, '#ffffff') < 4.6 && l > 4) hex = hslToHex(h, s, (l -= 1));
  return hex;
}

/** A light tint of hue h that is readable (≥ 4.6:1) on every background in bgs. */
function tintFor(h, bgs, l = 88) {
  let hex = hslToHex(h, 70, l);
  while (bgs.some((bg) => contrast(hex, bg) < 4.6) && l < 100) hex = hslToHex(h, 70, (l += 1));
  return bgs.some((bg) => contrast(hex, bg) < 4.6) ? '#ffffff' : hex;
}

const HUES = [212, 196, 174, 156, 140, 232, 258, 284, 318, 344, 14, 28];

function palette(seed) {
  const n = fnv1a(String(seed));
  const h = HUES[n % HUES.length] + (((n >>> 8) % 13) - 6);
  const s = 52 + ((n >>> 12) % 22);
  const bg = darkFor(h, s, 40 + ((n >>> 16) % 6));
  const bg2 = darkFor(h + 8, s, 24);
  const tint = tintFor(h, [bg, bg2]);
  const accent = hslToHex(h + 150 + ((n >>> 20) % 40), 75, 70); // decoration only, never text
  const soft = hslToHex(h, 60, 93);
  return { n, h, s, bg, bg2, tint, accent, soft };
}

// ---------------------------------------------------------------------------------------------------
// Text: XML escaping, approximate width estimation and wrapping

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** Rough advance width in em for a system sans-serif; errs on the wide side so text never overflows. */
function charEm(c) {
  if (c === ' ') return 0.32;
  if ('iljI.,:;!|\'`'.includes(c)) return 0.32;
  if ('ftr()[]-/'.includes(c)) return 0.42;
  if ('mwMW@'.includes(c)) return 0.95;
  if (/[A-Z&]/.test(c)) return 0.72;
  if (/[0-9]/.test(c)) return 0.64;
  return 0.6;
}
const textWidth = (s, size, bold = true) => [...s].reduce((w, c) => w + charEm(c), 0) * size * (bold ? 1.12 : 1);

function wrapWords(text, fits) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  const lines = [];
  let line = '';
  for (const w of words) {
    const tryLine = line ? `${line} ${w}` : w;
    if (!line || fits(tryLine)) line = tryLine;
    else (lines.push(line), (line = w));
  }
  if (line) lines.push(line);
  return lines;
}

function ellipsize(line, fits) {
  if (fits(line)) return line;
  let s = line;
  while (s.length > 1 && !fits(`${s}…`)) s = s.slice(0, -1).trimEnd();
  // prefer ending at a word boundary when that keeps most of the line
  const cut = s.lastIndexOf(' ');
  if (line[s.length] !== ' ' && cut > s.length * 0.6) s = s.slice(0, cut);
  return `${s.replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Picks the largest size in `sizes` at which the text wraps into ≤ maxLines lines of ≤ maxWidth. */
function fitText(text, maxWidth, maxLines, sizes, bold = true) {
  for (const size of sizes) {
    const fits = (s) => textWidth(s, size, bold) <= maxWidth;
    const lines = wrapWords(text, fits);
    if (lines.length <= maxLines && lines.every(fits)) return { size, lines };
  }
  const size = sizes[sizes.length - 1];
  const fits = (s) => textWidth(s, size, bold) <= maxWidth;
  const lines = wrapWords(text, fits).map((l) => ellipsize(l, fits));
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = ellipsize(`${lines[maxLines - 1]} …`, fits);
  }
  return { size, lines };
}

function initials(name) {
  const words = String(name)
    .split(',')[0]
    .replace(/\b(dr|mr|mrs|ms|prof|mx)\.?\s+/gi, '')
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  if (!words.length) return '?';
  const first = [...words[0]][0];
  const last = words.length > 1 ? [...words[words.length - 1]][0] : '';
  return (first + last).toUpperCase();
}

// ---------------------------------------------------------------------------------------------------
// SVG artwork

const FF = 'system-ui, sans-serif';
/** A molar outline in a 100×100 box. */
const TOOTH = 'M30 10C15 10 9 24 11 40c2 14 9 22 11 36 2 12 5 19 11 19 8 0 7-22 17-22s9 22 17 22c6 0 9-7 11-19 2-14 9-22 11-36 2-16-4-30-19-30-8 0-13 5-20 5S38 10 30 10Z';
const CHECK = 'M33 44l12 12 22-23';

function svgDoc(w, h, label, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">${body}</svg>\n`;
}

const gradient = (p, id = 'g') => `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>`;

/** Lines of text; y is the first baseline. */
function textLines(lines, x, y, size, lh, attrs) {
  return lines.map((l, i) => `<text x="${x}" y="${Math.round(y + i * size * lh)}" font-size="${size}" ${attrs}>${esc(l)}</text>`).join('');
}

function toothMotif(p, x, y, scale, variant) {
  const t = `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${p.soft}" stroke-width="${(4 / scale).toFixed(1)}" stroke-linejoin="round" stroke-linecap="round">`;
  let extra = '';
  if (variant === 1) extra = `<path d="${CHECK}" stroke="${p.accent}"/>`;
  if (variant === 2) extra = `<path d="M82 2v16M74 10h16M6 62v10M1 67h10" stroke="${p.accent}"/>`;
  return `${t}<path d="${TOOTH}"/>${extra}</g>`;
}

const KIND_LABEL = { live: 'LIVE WEBINAR', video: 'VIDEO CLASS', pdf: 'READING', archive: 'ARCHIVED WEBINAR', tutorial: 'TUTORIAL' };

function classCardSvg(job) {
  const { cls } = job;
  const p = palette(job.seed);
  const t = fitText(cls.title, 264, 3, [24, 22, 20, 18, 16, 15, 14]);
  const lh = 1.2;
  const blockH = t.size * lh * (t.lines.length - 1);
  const y0 = Math.round(118 - blockH / 2 + t.size * 0.35);
  const credits = cls.credits ? `${cls.credits} CE credit${cls.credits === 1 ? '' : 's'}` : 'No CE credit';
  return svgDoc(
    400,
    225,
    cls.title,
    `${gradient(p)}<rect width="400" height="225" fill="url(#g)"/>` +
      `<circle cx="340" cy="70" r="120" fill="${p.soft}" opacity=".10"/><circle cx="360" cy="215" r="70" fill="${p.accent}" opacity=".14"/>` +
      toothMotif(p, 300, 64, 0.82, p.n % 3) +
      `<text x="22" y="34" font-size="12" font-weight="700" letter-spacing="1.5" fill="${p.tint}" font-family="${FF}">${esc(KIND_LABEL[cls.kind] ?? 'CLASS')}</text>` +
      textLines(t.lines, 22, y0, t.size, lh, `font-weight="700" fill="#fff" font-family="${FF}"`) +
      `<text x="22" y="204" font-size="13" fill="${p.tint}" font-family="${FF}">${esc(credits)}</text>`,
  );
}

function avatarSvg(job) {
  const s = job.speaker;
  const p = palette(job.seed);
  const ini = initials(s.name);
  const size = ini.length > 1 ? 76 : 90;
  return svgDoc(
    200,
    200,
    s.name,
    `${gradient(p)}<rect width="200" height="200" fill="url(#g)"/>` +
      `<circle cx="170" cy="24" r="60" fill="${p.soft}" opacity=".10"/><circle cx="20" cy="190" r="46" fill="${p.accent}" opacity=".16"/>` +
      `<text x="100" y="${Math.round(100 + size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="700" fill="#fff" font-family="${FF}">${esc(ini)}</text>`,
  );
}

function logoSvg(job) {
  const c = job.company;
  const p = palette(job.seed);
  const t = fitText(c.name, 156, 2, [22, 20, 18, 16, 14, 12]);
  const lh = 1.15;
  const y0 = Math.round(40 - (t.size * lh * (t.lines.length - 1)) / 2 + t.size * 0.35);
  return svgDoc(
    240,
    80,
    c.name,
    `<rect width="240" height="80" rx="8" fill="#fff"/>` +
      `<rect x="12" y="16" width="48" height="48" rx="12" fill="${p.bg}"/>` +
      `<text x="36" y="49" text-anchor="middle" font-size="26" font-weight="700" fill="#fff" font-family="${FF}">${esc([...c.name.trim()][0].toUpperCase())}</text>` +
      textLines(t.lines, 72, y0, t.size, lh, `font-weight="700" fill="${p.bg}" font-family="${FF}"`),
  );
}

function waveBars(p, x, y, n, w, maxH, seed) {
  let out = '';
  let v = fnv1a(`${seed}-bars`);
  for (let i = 0; i < n; i++) {
    v = Math.imul(v ^ (v >>> 13), 0x5bd1e995) >>> 0;
    const h = Math.round(maxH * (0.25 + 0.75 * Math.abs(Math.sin(i * 0.7 + (v % 100) / 40))));
    out += `<rect x="${x + i * w * 1.8}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w / 2}"/>`;
  }
  return `<g fill="${p.accent}" opacity=".55">${out}</g>`;
}

function micMotif(p, x, y) {
  return `<g transform="translate(${x} ${y})" fill="none" stroke="${p.soft}" stroke-width="7" stroke-linecap="round"><rect x="-20" y="-52" width="40" height="72" rx="20"/><path d="M-38 0a38 38 0 0 0 76 0M0 38v22M-20 60h40"/></g>`;
}

function headphonesMotif(p, x, y) {
  return `<g transform="translate(${x} ${y})" fill="none" stroke="${p.soft}" stroke-width="7" stroke-linecap="round"><path d="M-52 24v-14a52 52 0 0 1 104 0v14"/><rect x="-62" y="14" width="24" height="44" rx="9" fill="${p.soft}"/><rect x="38" y="14" width="24" height="44" rx="9" fill="${p.soft}"/></g>`;
}

function coverSvg(job, label, title) {
  const p = palette(job.seed);
  const t = fitText(title, 350, 4, [44, 40, 36, 32, 28, 24]);
  const lh = 1.15;
  const yEnd = 340;
  const y0 = Math.round(yEnd - t.size * lh * (t.lines.length - 1));
  const isEpisode = job.kind === 'episodeCover';
  return svgDoc(
    400,
    400,
    title,
    `${gradient(p)}<rect width="400" height="400" fill="url(#g)"/>` +
      `<g fill="none" stroke="${p.soft}" opacity=".14" stroke-width="10"><circle cx="320" cy="90" r="70"/><circle cx="320" cy="90" r="110"/><circle cx="320" cy="90" r="150"/></g>` +
      (isEpisode ? toothMotif(p, 286, 44, 0.86, 1) + waveBars(p, 28, 104, 12, 8, 48, job.seed) : (p.n >>> 3) % 2 ? headphonesMotif(p, 316, 80) : micMotif(p, 320, 96)) +
      `<text x="28" y="48" font-size="16" font-weight="700" letter-spacing="3" fill="${p.tint}" font-family="${FF}">${esc(label)}</text>` +
      textLines(t.lines, 28, y0, t.size, lh, `font-weight="800" fill="#fff" font-family="${FF}"`) +
      `<text x="28" y="376" font-size="14" fill="${p.tint}" font-family="${FF}">CE Pass Podcasts</text>`,
  );
}

function ebookCoverSvg(job) {
  const b = job.book;
  const p = palette(job.seed);
  const t = fitText(b.title, 250, 4, [32, 28, 26, 24, 22, 20]);
  const lh = 1.15;
  const titleY = 92;
  const subY = Math.round(titleY + t.size * lh * (t.lines.length - 1) + 34);
  const sub = b.subtitle ? fitText(b.subtitle, 250, 3, [16, 15, 14, 13], false) : null;
  return svgDoc(
    300,
    400,
    b.title,
    `${gradient(p)}<rect width="300" height="400" fill="url(#g)"/>` +
      `<rect x="0" y="0" width="14" height="400" fill="${p.soft}" opacity=".18"/>` +
      `<rect x="25" y="40" width="44" height="5" rx="2" fill="${p.accent}"/>` +
      `<text x="25" y="32" font-size="11" font-weight="700" letter-spacing="2" fill="${p.tint}" font-family="${FF}">CE PASS EBOOK</text>` +
      textLines(t.lines, 25, titleY, t.size, lh, `font-weight="800" fill="#fff" font-family="${FF}"`) +
      (sub ? textLines(sub.lines, 25, subY, sub.size, 1.3, `fill="${p.tint}" font-family="${FF}"`) : '') +
      `<circle cx="240" cy="350" r="90" fill="${p.soft}" opacity=".08"/>` +
      toothMotif(p, 180, 280, 0.9, p.n % 3),
  );
}

function bannerSvg(job) {
  const { ad, width } = job;
  const company = job.look.companies.get(ad.company)?.name ?? ad.company;
  const p = palette(job.seed);
  const cta = ad.buttonText;
  const blurb = String(ad.blurb ?? '').replace(/<[^>]*>/g, '');
  const bgRect = (w, h) => `${gradient(p)}<rect width="${w}" height="${h}" fill="url(#g)"/>`;
  const mark = (cx, cy, r) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.tint}"/><text x="${cx}" y="${Math.round(cy + r * 0.42)}" text-anchor="middle" font-size="${Math.round(r * 1.15)}" font-weight="700" fill="${p.bg}" font-family="${FF}">${esc([...company.trim()][0].toUpperCase())}</text>`;
  /** A white pill on the right; the label shrinks (then ellipsizes) to fit maxW. */
  const button = (right, cy, h, sizes, maxW, arrow = false) => {
    const text = arrow ? `${cta} →` : cta;
    const pad = (size) => 2 * Math.round(size * 0.9);
    const size = sizes.find((sz) => textWidth(text, sz) + pad(sz) <= maxW) ?? sizes[sizes.length - 1];
    const label = ellipsize(text, (s) => textWidth(s, size) + pad(size) <= maxW);
    const w = Math.min(maxW, Math.ceil(textWidth(label, size) + pad(size)));
    const x = right - w;
    return {
      x,
      svg: `<rect x="${x}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="#fff"/><text x="${x + w / 2}" y="${Math.round(cy + size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="700" fill="${p.bg}" font-family="${FF}">${esc(label)}</text>`,
    };
  };
  const line = (text, x, y, size, maxW, attrs, bold = true) =>
    `<text x="${x}" y="${y}" font-size="${size}" ${attrs} font-family="${FF}">${esc(ellipsize(text, (s) => textWidth(s, size, bold) <= maxW))}</text>`;
  const sizeFor = (text, maxW, sizes, bold = true) => sizes.find((sz) => textWidth(text, sz, bold) <= maxW) ?? sizes[sizes.length - 1];
  if (width === 320) {
    // compact: mark, name over a call-to-action line, round arrow button
    const maxW = 320 - 44 - 46;
    const ns = sizeFor(company, maxW, [14, 13, 12]);
    const cs = sizeFor(cta, maxW, [12, 11, 10], false);
    return svgDoc(
      320,
      50,
      `${company}: ${cta}`,
      bgRect(320, 50) +
        mark(23, 25, 15) +
        line(company, 46, 21, ns, maxW, 'font-weight="700" fill="#fff"') +
        line(cta, 46, 38, cs, maxW, `fill="${p.tint}" text-decoration="underline"`, false) +
        `<circle cx="298" cy="25" r="14" fill="#fff"/><path d="M293 19l6 6-6 6" fill="none" stroke="${p.bg}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  if (width === 480) {
    // "Sponsored" kicker and name stacked on the left, pill button right
    const b = button(470, 30, 34, [13, 12, 11], 200);
    const maxW = b.x - 58 - 10;
    const ns = sizeFor(company, maxW, [17, 16, 15, 14, 13]);
    return svgDoc(
      480,
      60,
      `${company}: ${cta}`,
      bgRect(480, 60) + mark(30, 30, 19) + `<text x="58" y="22" font-size="10" font-weight="700" letter-spacing="1.5" fill="${p.tint}" font-family="${FF}">SPONSORED</text>` + line(company, 58, 43, ns, maxW, 'font-weight="700" fill="#fff"') + b.svg,
    );
  }
  if (width === 768) {
    // name plus one line of blurb, larger button
    const b = button(748, 45, 44, [15, 14, 13], 250);
    const maxW = b.x - 84 - 16;
    return svgDoc(
      768,
      90,
      `${company}: ${cta}`,
      bgRect(768, 90) + `<circle cx="700" cy="-10" r="80" fill="${p.soft}" opacity=".08"/>` + mark(44, 45, 26) + line(company, 84, 40, 20, maxW, 'font-weight="700" fill="#fff"') + line(blurb, 84, 64, 13, maxW, `fill="${p.tint}"`, false) + b.svg,
    );
  }
  // 1024: name, two lines of blurb, tooth motif, button with an arrow
  const b = button(1000, 45, 48, [16, 15, 14], 300, true);
  const maxW = b.x - 100 - 120;
  const bl = fitText(blurb, maxW, 2, [13], false);
  return svgDoc(
    1024,
    90,
    `${company}: ${cta}`,
    bgRect(1024, 90) +
      `<rect x="0" y="0" width="8" height="90" fill="${p.accent}"/>` +
      mark(52, 45, 28) +
      line(company, 96, 34, 21, maxW, 'font-weight="700" fill="#fff"') +
      textLines(bl.lines, 96, 56, 13, 1.35, `fill="${p.tint}" font-family="${FF}"`) +
      `<g opacity=".5">${toothMotif(p, b.x - 90, 15, 0.6, 2)}</g>` +
      b.svg,
  );
}

function genericSvg(job) {
  const p = palette(job.path);
  const name = path.basename(job.path).replace(/\.[a-z0-9]+$/, '').replace(/[-_]+/g, ' ');
  const t = fitText(name, 340, 3, [28, 24, 20]);
  return svgDoc(400, 225, name, `${gradient(p)}<rect width="400" height="225" fill="url(#g)"/>${toothMotif(p, 290, 60, 0.9, 0)}${textLines(t.lines, 24, 90, t.size, 1.2, `font-weight="700" fill="#fff" font-family="${FF}"`)}`);
}

function imageSvg(job) {
  switch (job.kind) {
    case 'classCard':
      return classCardSvg(job);
    case 'avatar':
      return avatarSvg(job);
    case 'logo':
      return logoSvg(job);
    case 'showCover':
      return coverSvg(job, 'PODCAST', job.show.title);
    case 'episodeCover':
      return coverSvg(job, 'EPISODE', job.ep.title);
    case 'ebookCover':
      return ebookCoverSvg(job);
    case 'banner':
      return bannerSvg(job);
    default:
      return genericSvg(job);
  }
}

// ---------------------------------------------------------------------------------------------------
// App icons

function iconSvg({ size, bg, fg, check, mark, rounded }) {
  // the tooth (100-unit box) scaled to `mark` (fraction of the icon) and centred
  const s = (size * mark) / 100;
  const off = (size - 100 * s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}"${rounded ? ` rx="${size * 0.22}"` : ''} fill="${bg}"/>` +
    `<g transform="translate(${off.toFixed(2)} ${(off + 1.5 * s).toFixed(2)}) scale(${s.toFixed(4)})"><path d="${TOOTH}" fill="${fg}"/>` +
    `<path d="${CHECK}" fill="none" stroke="${check}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/></g></svg>\n`;
}

function iconJobs() {
  return [
    { file: path.join(PUBLIC, 'favicon.svg'), svg: iconSvg({ size: 64, bg: '#ffffff', fg: BRAND, check: '#ffffff', mark: 0.8, rounded: true }) },
    { file: path.join(PUBLIC, 'icons/icon-192.png'), size: 192, svg: iconSvg({ size: 192, bg: '#ffffff', fg: BRAND, check: '#ffffff', mark: 0.72 }) },
    { file: path.join(PUBLIC, 'icons/icon-512.png'), size: 512, svg: iconSvg({ size: 512, bg: '#ffffff', fg: BRAND, check: '#ffffff', mark: 0.72 }) },
    // maskable: full-bleed brand background, the mark well inside the central 80% safe circle
    { file: path.join(PUBLIC, 'icons/maskable-512.png'), size: 512, svg: iconSvg({ size: 512, bg: BRAND, fg: '#ffffff', check: BRAND, mark: 0.5 }) },
    { file: path.join(PUBLIC, 'icons/apple-touch-icon-180.png'), size: 180, svg: iconSvg({ size: 180, bg: '#ffffff', fg: BRAND, check: '#ffffff', mark: 0.7 }) },
  ];
}

function svgToPng(svg, out, w, h) {
  const src = tmpFile('svg');
  writeFileSync(src, svg);
  const png = tmpFile('png');
  run('rsvg-convert', ['-w', String(w), '-h', String(h), '-o', png, src]);
  moveInto(png, out);
}

function writeRaster(svg, out) {
  const m = /width="(\d+)" height="(\d+)"/.exec(svg);
  const [w, h] = m ? [Number(m[1]), Number(m[2])] : [400, 400];
  if (out.endsWith('.png')) return svgToPng(svg, out, w, h);
  const png = tmpFile('png');
  svgToPng(svg, png, w, h);
  const conv = tmpFile(path.extname(out).slice(1));
  run('ffmpeg', ['-v', 'error', '-y', '-i', png, ...(out.endsWith('.jpg') ? ['-q:v', '4'] : ['-quality', '80']), conv]);
  moveInto(conv, out);
}

// ---------------------------------------------------------------------------------------------------
// Audio

const VOICES = ['en-us+m3', 'en-us+f3', 'en-us+m7', 'en-us+f4'];

function speechText(s) {
  return String(s)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+\n|\n\s+/g, '\n')
    .trim();
}

async function makeAudio(job) {
  const { ep, show, look } = job;
  const speaker = look.speakers.get(ep.speaker);
  const voice = VOICES[fnv1a(ep.speaker) % VOICES.length];
  const txt = tmpFile('txt');
  writeFileSync(txt, speechText(ep.transcript));
  const wav = tmpFile('wav');
  await runAsync('espeak-ng', ['-v', voice, '-s', '170', '-w', wav, '-f', txt]);
  const mp3 = tmpFile('mp3');
  await runAsync('lame', [
    '--quiet', '-m', 'm', '-b', '32', '--cbr', '--resample', '22.05', '-q', '2',
    '--tt', ep.title, '--ta', speaker?.name ?? ep.speaker, '--tl', show.title, '--ty', '2025', '--tg', 'Podcast',
    '--add-id3v2', wav, mp3,
  ]);
  moveInto(mp3, path.join(MEDIA, job.path));
}

// ---------------------------------------------------------------------------------------------------
// Video

/** Wraps a title for drawtext with DejaVu Sans Bold (wider than system fonts). */
function videoTitle(title) {
  for (const size of [28, 26, 24, 22, 20, 18]) {
    const fits = (s) => [...s].length * size * 0.64 <= 430;
    const lines = wrapWords(title, fits);
    if (lines.length <= 3 && lines.every(fits)) return { size, lines };
  }
  const fits = (s) => [...s].length * 18 * 0.64 <= 430;
  const lines = wrapWords(title, fits).map((l) => ellipsize(l, fits)).slice(0, 3);
  return { size: 18, lines };
}

const ffColor = (hex) => `0x${hex.slice(1)}`;

async function makeVideo(job) {
  const { cls, sva, look } = job;
  const title = cls ? cls.title : sva.headline;
  const kicker = cls
    ? `CE PASS  ·  ${cls.kind === 'tutorial' ? 'TUTORIAL' : 'VIDEO CLASS'}`
    : `SPONSORED  ·  ${(look.companies.get(sva.company)?.name ?? sva.company).toUpperCase()}`;
  const byline = cls ? look.speakers.get(cls.speaker)?.name ?? '' : sva.blurb ? ellipsize(String(sva.blurb).replace(/<[^>]*>/g, ''), (s) => [...s].length * 15 * 0.6 <= 430) : '';
  const p = palette(job.seed);
  const T = VIDEO_SECONDS;
  const files = [];
  const textFile = (s) => {
    const f = tmpFile('txt');
    writeFileSync(f, s);
    files.push(f);
    return f;
  };
  const t = videoTitle(title);
  const lh = Math.round(t.size * 1.25);
  const top = Math.round(128 - (lh * t.lines.length) / 2);
  const draw = (file, size, y, color, bold = true, x = '(w-text_w)/2') =>
    `drawtext=fontfile=${bold ? FONT_BOLD : FONT}:expansion=none:textfile=${file}:fontsize=${size}:fontcolor=${ffColor(color)}:x=${x}:y=${y}`;
  const chain = [
    draw(textFile(kicker), 12, 22, p.tint, true, '24'),
    ...t.lines.map((l, i) => draw(textFile(l), t.size, top + i * lh, '#ffffff')),
    ...(byline ? [draw(textFile(byline), 15, top + t.lines.length * lh + 10, p.tint, false)] : []),
    // a running timer so it is visibly a video
    `drawtext=fontfile=${FONT}:text='0\\:%{eif\\:trunc(t)\\:d\\:2} / 0\\:${String(T).padStart(2, '0')}':fontsize=12:fontcolor=${ffColor(p.tint)}:x=w-text_w-24:y=22`,
  ].join(',');
  const graph = [
    `color=c=${ffColor(p.bg)}:s=480x270:r=24:d=${T}[bg]`,
    `color=c=${ffColor(p.bg2)}:s=480x70:r=24:d=${T}[band]`,
    `color=c=${ffColor(p.accent)}:s=480x6:r=24:d=${T}[bar]`,
    `color=c=${ffColor(p.soft)}:s=18x18:r=24:d=${T}[dot]`,
    `[bg][band]overlay=x=0:y=H-h[a]`,
    `[a][bar]overlay=x='-w+w*t/${T}':y=H-h:shortest=1[b]`,
    `[b][dot]overlay=x='(W-w)/2+170*sin(t*1.3)':y='H-44+8*cos(t*2.6)':shortest=1[c]`,
    `[c]${chain},format=yuv420p[v]`,
    `[1:a]adelay=600|600,apad,atrim=0:${T},volume=0.9[aud]`,
  ].join(';\n');
  const script = tmpFile('ffgraph');
  writeFileSync(script, graph);
  const wav = tmpFile('wav');
  const spoken = speechText(`${title}.`);
  await runAsync('espeak-ng', ['-v', 'en-us+f3', '-s', '165', '-w', wav, spoken]);
  const ext = path.extname(job.path);
  const out = tmpFile(ext.slice(1));
  const encode = async (crf, rate) => {
    const codec = ext === '.mp4'
      ? ['-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf - 10), '-maxrate', rate, '-bufsize', '400k', '-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart']
      : ['-c:v', 'libvpx-vp9', '-crf', String(crf), '-b:v', rate, '-row-mt', '1', '-deadline', 'good', '-cpu-used', '4', '-g', '120', '-c:a', 'libopus', '-b:a', '24k'];
    await runAsync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-i', wav, '-filter_complex_script', script, '-map', '[v]', '-map', '[aud]', '-t', String(T), ...codec, '-ac', '1', '-metadata', `title=${title}`, out]);
  };
  await encode(40, '110k');
  if (statSync(out).size > 150 * 1024) await encode(50, '60k');
  moveInto(out, path.join(MEDIA, job.path));
}

// ---------------------------------------------------------------------------------------------------
// PDF

let pdfLib;
async function loadPdfLib() {
  try {
    pdfLib ??= await import('pdf-lib');
  } catch {
    fail('pdf-lib is not installed (it is a dependency in package.json): run `npm ci` first');
  }
  return pdfLib;
}

const PAGE = { w: 612, h: 792, margin: 64 };

function rgbHex(hex) {
  const { rgb } = pdfLib;
  return rgb(...[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255));
}

/** Replaces characters the standard (WinAnsi) fonts cannot encode. */
function pdfText(font, s) {
  const map = { '\u2192': '->', '\u2190': '<-', '\u2264': '<=', '\u2265': '>=', '\u2212': '-', '\u2011': '-', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ', '\u200b': '', '\u2248': '~', '\u2713': 'v' };
  let out = '';
  for (const ch of String(s).replace(/<[^>]*>/g, '')) {
    const c = map[ch] ?? ch;
    try {
      font.encodeText(c);
      out += c;
    } catch {
      out += '?';
    }
  }
  return out;
}

class Layout {
  constructor(doc, fonts, colors) {
    this.doc = doc;
    this.f = fonts;
    this.c = colors;
    this.page = null;
    this.y = 0;
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.w, PAGE.h]);
    this.y = PAGE.h - PAGE.margin;
    return this.page;
  }
  ensure(h) {
    if (!this.page || this.y - h < PAGE.margin + 24) this.newPage();
  }
  wrap(text, font, size, width) {
    const clean = pdfText(font, text);
    return wrapWords(clean, (s) => font.widthOfTextAtSize(s, size) <= width).flatMap((l) => {
      if (font.widthOfTextAtSize(l, size) <= width) return [l];
      // a single over-long word: hard-break it
      const parts = [];
      let cur = '';
      for (const ch of l) {
        if (font.widthOfTextAtSize(cur + ch, size) > width) (parts.push(cur), (cur = ch));
        else cur += ch;
      }
      return [...parts, cur];
    });
  }
  text(text, { font = this.f.regular, size = 11, lh = 1.45, color = this.c.text, indent = 0, gap = 8, bullet = null } = {}) {
    const width = PAGE.w - 2 * PAGE.margin - indent;
    for (const para of String(text).split(/\n\s*\n|\n/).filter((s) => s.trim())) {
      const lines = this.wrap(para, font, size, width);
      lines.forEach((line, i) => {
        this.ensure(size * lh);
        this.y -= size * lh;
        if (bullet && i === 0) this.page.drawText(bullet, { x: PAGE.margin + indent - 18, y: this.y, size, font: this.f.bold, color: this.c.accent });
        this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color });
      });
      this.y -= gap;
    }
  }
  heading(text, size = 17) {
    this.ensure(size * 1.3 + 60); // keep a heading with some of what follows
    this.y -= 10;
    for (const line of this.wrap(text, this.f.bold, size, PAGE.w - 2 * PAGE.margin)) {
      this.y -= size * 1.25;
      this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font: this.f.bold, color: this.c.heading });
    }
    this.y -= 6;
    this.page.drawRectangle({ x: PAGE.margin, y: this.y, width: 36, height: 2.5, color: this.c.accent });
    this.y -= 10;
  }
  footer(left, { skipFirst = true } = {}) {
    const pages = this.doc.getPages();
    pages.forEach((pg, i) => {
      if (skipFirst && i === 0) return;
      const size = 8.5;
      pg.drawLine({ start: { x: PAGE.margin, y: 46 }, end: { x: PAGE.w - PAGE.margin, y: 46 }, thickness: 0.5, color: this.c.rule });
      pg.drawText(pdfText(this.f.regular, left), { x: PAGE.margin, y: 32, size, font: this.f.regular, color: this.c.muted });
      const num = `Page ${i + 1} of ${pages.length}`;
      pg.drawText(num, { x: PAGE.w - PAGE.margin - this.f.regular.widthOfTextAtSize(num, size), y: 32, size, font: this.f.regular, color: this.c.muted });
    });
  }
}

async function newPdf(title, author, subject) {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const fixed = new Date('2025-01-01T00:00:00Z'); // stable output for identical input
  doc.setTitle(title);
  doc.setAuthor(author);
  doc.setSubject(subject);
  doc.setCreator('CE Pass scripts/generate-media.mjs');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold), italic: await doc.embedFont(StandardFonts.HelveticaOblique) };
  return { doc, fonts };
}

function pdfColors(seed) {
  const p = palette(seed);
  return { p, text: rgbHex('#1f2933'), heading: rgbHex(p.bg2), accent: rgbHex(p.bg), muted: rgbHex('#52606d'), rule: rgbHex('#cbd2d9'), white: rgbHex('#ffffff'), tint: rgbHex(p.tint), soft: rgbHex(p.soft), band: rgbHex(p.bg) };
}

/** Draws wrapped lines from top y downward; returns the new y. */
function drawBlock(page, font, text, size, x, y, width, color, lh = 1.2) {
  const lines = wrapWords(pdfText(font, text), (s) => font.widthOfTextAtSize(s, size) <= width);
  for (const line of lines) {
    y -= size * lh;
    page.drawText(line, { x, y, size, font, color });
  }
  return y;
}

const CE_TYPE = { 0: 'No CE credit', 1: 'Self-study', 2: 'Live, interactive' };
const KIND_NAME = { live: 'Live webinar', video: 'On-demand video', pdf: 'Reading (PDF)', archive: 'Archived webinar', tutorial: 'Tutorial' };

async function makeClassPdf(job) {
  const { cls, look } = job;
  const speaker = look.speakers.get(cls.speaker);
  const company = cls.company ? look.companies.get(cls.company)?.name ?? cls.company : null;
  const { doc, fonts } = await newPdf(cls.title, speaker?.name ?? cls.speaker, 'CE Pass course handout');
  const c = pdfColors(job.seed);
  const L = new Layout(doc, fonts, c);
  const M = PAGE.margin;
  const W = PAGE.w - 2 * M;

  // title page
  const pg = L.newPage();
  pg.drawRectangle({ x: 0, y: PAGE.h - 330, width: PAGE.w, height: 330, color: c.band });
  pg.drawRectangle({ x: 0, y: PAGE.h - 338, width: PAGE.w, height: 8, color: rgbHex(c.p.accent) });
  pg.drawText('CE PASS  ·  COURSE HANDOUT', { x: M, y: PAGE.h - 72, size: 10, font: fonts.bold, color: c.tint });
  let y = drawBlock(pg, fonts.bold, cls.title, 28, M, PAGE.h - 110, W, c.white, 1.18);
  drawBlock(pg, fonts.regular, KIND_NAME[cls.kind] ?? 'Course', 13, M, y - 14, W, c.tint);
  y = PAGE.h - 390;
  pg.drawText('Presented by', { x: M, y, size: 10, font: fonts.regular, color: c.muted });
  y = drawBlock(pg, fonts.bold, speaker?.name ?? cls.speaker, 16, M, y - 4, W, c.heading);
  if (speaker?.credentials) y = drawBlock(pg, fonts.regular, speaker.credentials, 11, M, y - 2, W, c.muted);
  if (company) {
    y -= 22;
    pg.drawText('Supported by', { x: M, y, size: 10, font: fonts.regular, color: c.muted });
    y = drawBlock(pg, fonts.bold, company, 13, M, y - 4, W, c.heading);
  }
  y -= 28;
  const rows = [
    ['CE credits', `${cls.credits} (${CE_TYPE[cls.ceType] ?? 'Self-study'})`],
    ['Duration', `${cls.durationMin} minutes`],
    ...(cls.agdCode ? [['AGD subject code', `${cls.agdCode}${cls.agdCategory ? ` (${cls.agdCategory})` : ''}`]] : []),
    ['Topics', (cls.categories ?? []).map((k) => look.categories.get(k) ?? k).join(', ') || '-'],
    ...(cls.exam ? [['Exam', `${cls.exam.questions.length} question${cls.exam.questions.length === 1 ? '' : 's'}, pass mark ${cls.exam.minScore}%`]] : []),
  ];
  for (const [k, v] of rows) {
    pg.drawLine({ start: { x: M, y: y + 14 }, end: { x: M + W, y: y + 14 }, thickness: 0.5, color: c.rule });
    pg.drawText(k, { x: M, y, size: 10.5, font: fonts.bold, color: c.heading });
    y = drawBlock(pg, fonts.regular, v, 10.5, M + 140, y + 10.5 * 1.3, W - 140, c.text, 1.3) - 26;
  }
  pg.drawText(pdfText(fonts.italic, 'Demo content generated for CE Pass. Not clinical guidance.'), { x: M, y: 60, size: 9, font: fonts.italic, color: c.muted });

  // description, objectives, speaker
  L.newPage();
  L.heading('About this course');
  L.text(cls.description);
  if (cls.learningObjectives?.length) {
    L.heading('Learning objectives');
    L.text('After this course, participants should be able to:', { gap: 4 });
    cls.learningObjectives.forEach((o, i) => L.text(o, { indent: 22, bullet: `${i + 1}.`, gap: 4 }));
  }
  L.heading('Earning credit');
  L.text(
    cls.exam
      ? `Watch or read the course, complete the evaluation, then pass the ${cls.exam.questions.length}-question exam with a score of at least ${cls.exam.minScore}% to receive ${cls.credits} CE credit${cls.credits === 1 ? '' : 's'}. Your certificate is added to your CE Pass gradebook.`
      : `This course carries ${cls.credits} CE credit${cls.credits === 1 ? '' : 's'} (${CE_TYPE[cls.ceType] ?? 'Self-study'}). Completion is recorded in your CE Pass gradebook.`,
  );
  if (speaker?.bio) {
    L.heading(`About ${speaker.name}`);
    L.text(speaker.bio);
  }

  // notes and references
  L.newPage();
  L.heading('References and notes');
  L.text('References for this course are presented by the speaker during the session. This demo handout contains no clinical references; check current guidance from your professional association before changing practice.', { color: c.muted, size: 10 });
  L.heading('My notes');
  while (L.y > PAGE.margin + 60) {
    L.y -= 26;
    L.page.drawLine({ start: { x: M, y: L.y }, end: { x: M + W, y: L.y }, thickness: 0.5, color: c.rule });
  }
  L.footer(`${cls.title}  ·  CE Pass handout`);
  writeAtomic(path.join(MEDIA, job.path), await doc.save());
}

async function makeEbookPdf(job) {
  const b = job.book;
  const { doc, fonts } = await newPdf(b.title, 'CE Pass', b.subtitle || 'CE Pass e-book');
  const c = pdfColors(job.seed);
  const L = new Layout(doc, fonts, c);
  const M = PAGE.margin;
  const W = PAGE.w - 2 * M;

  // cover
  const cover = L.newPage();
  cover.drawRectangle({ x: 0, y: 0, width: PAGE.w, height: PAGE.h, color: c.band });
  cover.drawRectangle({ x: 0, y: 0, width: 22, height: PAGE.h, color: rgbHex(c.p.bg2) });
  cover.drawRectangle({ x: M, y: PAGE.h - 150, width: 70, height: 6, color: rgbHex(c.p.accent) });
  cover.drawText('CE PASS EBOOK', { x: M, y: PAGE.h - 130, size: 11, font: fonts.bold, color: c.tint });
  let y = drawBlock(cover, fonts.bold, b.title, 38, M, PAGE.h - 190, W, c.white, 1.15);
  if (b.subtitle) y = drawBlock(cover, fonts.regular, b.subtitle, 17, M, y - 16, W, c.tint, 1.3);
  drawBlock(cover, fonts.regular, b.blurb, 12, M, 200, W * 0.8, c.tint, 1.45);
  cover.drawText(pdfText(fonts.italic, 'Demo content generated for CE Pass. Not clinical guidance.'), { x: M, y: 60, size: 9, font: fonts.italic, color: c.tint });

  // chapters, each from a new page; contents page inserted afterwards
  const chapters = b.chapters?.length ? b.chapters : [{ heading: b.title, paragraphs: [b.blurb] }];
  const starts = [];
  chapters.forEach((ch, i) => {
    L.newPage();
    starts.push(doc.getPageCount() + 1); // +1: the contents page goes before it
    L.page.drawText(`CHAPTER ${i + 1}`, { x: M, y: L.y - 10, size: 10, font: fonts.bold, color: c.accent });
    L.y -= 16;
    L.heading(ch.heading, 20);
    (ch.paragraphs ?? []).forEach((para) => L.text(para, { size: 11, lh: 1.5, gap: 9 }));
  });
  const toc = doc.insertPage(1, [PAGE.w, PAGE.h]);
  toc.drawText('Contents', { x: M, y: PAGE.h - M - 24, size: 22, font: fonts.bold, color: c.heading });
  toc.drawRectangle({ x: M, y: PAGE.h - M - 36, width: 36, height: 2.5, color: c.accent });
  y = PAGE.h - M - 70;
  chapters.forEach((ch, i) => {
    const num = String(starts[i]);
    const head = wrapWords(pdfText(fonts.regular, `${i + 1}.  ${ch.heading}`), (s) => fonts.regular.widthOfTextAtSize(s, 12) <= W - 60)[0];
    toc.drawText(head, { x: M, y, size: 12, font: fonts.regular, color: c.text });
    toc.drawText(num, { x: M + W - fonts.regular.widthOfTextAtSize(num, 12), y, size: 12, font: fonts.regular, color: c.muted });
    y -= 24;
  });
  L.footer(b.title);
  writeAtomic(path.join(MEDIA, job.path), await doc.save());
}

// ---------------------------------------------------------------------------------------------------
// Main

const EXT_KIND = { '.mp3': 'audio', '.webm': 'video', '.mp4': 'video', '.pdf': 'pdf', '.svg': 'image', '.png': 'image', '.jpg': 'image', '.webp': 'image', '.vtt': 'captions' };
const CONTEXT_KIND = { audio: 'audio', video: 'video', sponsorVideo: 'video', classPdf: 'pdf', ebookPdf: 'pdf' };

function group(job) {
  const ext = path.extname(job.path);
  const byExt = EXT_KIND[ext];
  const byCtx = CONTEXT_KIND[job.kind] ?? (job.kind ? 'image' : null);
  if (byExt === 'captions') return 'captions';
  if (byExt !== byCtx) throw new Error(`media/${job.path}: a ${job.kind} cannot be a ${ext} file`);
  return byExt;
}

async function main() {
  if (!existsSync(packFile)) fail(`no pack at ${packFile}`);
  const pack = loadPack(packFile);
  const jobs = mediaJobs(pack);
  const stats = {};
  const failures = [];
  const bump = (kind, key) => ((stats[kind] ??= { made: 0, kept: 0, failed: 0 })[key] += 1);
  const byGroup = { audio: [], video: [], pdf: [], image: [], captions: [] };
  for (const job of jobs) {
    const dest = path.resolve(MEDIA, job.path);
    if (!dest.startsWith(MEDIA + path.sep)) {
      failures.push(`media/${job.path}: path leaves the media folder`);
      continue;
    }
    let g;
    try {
      g = group(job);
    } catch (err) {
      failures.push(err.message);
      continue;
    }
    if (!FORCE && existsSync(dest)) bump(g, 'kept');
    else byGroup[g].push(job);
  }
  const icons = iconJobs().filter((j) => FORCE || !existsSync(j.file));
  console.log(`pack ${path.relative(process.cwd(), packFile) || packFile}: ${jobs.length} media files referenced, output ${path.relative(process.cwd(), MEDIA) || MEDIA}/`);

  // tools for what is actually missing
  const needs = [];
  const eps = (pack.podcastShows ?? []).flatMap((s) => s.episodes ?? []);
  if (byGroup.audio.length) needs.push(TOOLS.espeak, TOOLS.lame);
  if (byGroup.audio.length || eps.length) needs.push(TOOLS.ffprobe);
  if (byGroup.video.length) needs.push(TOOLS.ffmpeg, TOOLS.espeak, TOOLS.font, TOOLS.fontBold);
  if (byGroup.image.some((j) => !j.path.endsWith('.svg')) || icons.some((j) => j.size)) needs.push(TOOLS.rsvg);
  if (byGroup.image.some((j) => /\.(jpg|webp)$/.test(j.path))) needs.push(TOOLS.ffmpeg);
  ensureTools(needs);
  if (byGroup.pdf.length) await loadPdfLib();

  const attempt = async (g, job, fn) => {
    try {
      const detail = await fn(job);
      bump(g, 'made');
      console.log(`  + ${job.path}  ${kb(path.join(MEDIA, job.path))}${detail ? `  ${detail}` : ''}`);
    } catch (err) {
      bump(g, 'failed');
      failures.push(`media/${job.path}: ${err.message}`);
      console.log(`  ! ${job.path}  FAILED`);
    }
  };
  const header = (g, label) => console.log(`${label}: ${byGroup[g].length} to generate, ${stats[g]?.kept ?? 0} already present`);

  header('image', 'images');
  for (const job of byGroup.image) {
    await attempt('image', job, (j) => {
      const svg = imageSvg(j);
      const dest = path.join(MEDIA, j.path);
      if (j.path.endsWith('.svg')) {
        if (svg.length > 4096) throw new Error(`SVG is ${svg.length} bytes (limit 4 KB)`);
        writeAtomic(dest, svg);
      } else writeRaster(svg, dest);
    });
  }

  header('pdf', 'pdfs');
  for (const job of byGroup.pdf) await attempt('pdf', job, (j) => (j.kind === 'classPdf' ? makeClassPdf(j) : makeEbookPdf(j)));

  const workers = Math.max(1, Math.min(4, os.cpus().length));
  header('audio', 'podcast audio');
  await pool(byGroup.audio, workers, (job) =>
    attempt('audio', job, async (j) => {
      await makeAudio(j);
      return `${probeDuration(path.join(MEDIA, j.path)).toFixed(1)} s`;
    }),
  );

  header('video', 'video');
  await pool(byGroup.video, workers, (job) =>
    attempt('video', job, async (j) => {
      await makeVideo(j);
      return `${probeDuration(path.join(MEDIA, j.path)).toFixed(1)} s`;
    }),
  );

  if (byGroup.captions.length) {
    header('captions', 'captions');
    for (const job of byGroup.captions) {
      await attempt('captions', job, (j) => writeAtomic(path.join(MEDIA, j.path), `WEBVTT\n\n00:00:00.500 --> 00:00:09.500\n${String(j.cls?.title ?? j.sva?.headline ?? path.basename(j.path)).replace(/-->/g, '→')}\n`));
    }
  }

  console.log(`app icons: ${icons.length} to generate, ${iconJobs().length - icons.length} already present`);
  for (const icon of icons) {
    try {
      if (icon.file.endsWith('.svg')) writeAtomic(icon.file, icon.svg);
      else svgToPng(icon.svg, icon.file, icon.size, icon.size);
      bump('icons', 'made');
      console.log(`  + ${path.relative(ROOT, icon.file)}  ${kb(icon.file)}`);
    } catch (err) {
      bump('icons', 'failed');
      failures.push(`${path.relative(ROOT, icon.file)}: ${err.message}`);
    }
  }

  // real podcast durations, for the importer
  if (eps.length) {
    const durFile = path.join(MEDIA, 'audio', 'durations.json');
    const known = existsSync(durFile) ? JSON.parse(readFileSync(durFile, 'utf8')) : {};
    const measured = {};
    const differ = [];
    const outside = [];
    for (const ep of eps) {
      const file = path.join(MEDIA, ep.mp3);
      if (!existsSync(file)) continue;
      let secs;
      try {
        secs = Math.round(probeDuration(file));
      } catch (err) {
        failures.push(`media/${ep.mp3}: cannot measure duration: ${err.message}`);
        continue;
      }
      measured[ep.hash] = secs;
      if (secs !== ep.durationSec) differ.push(`  ${ep.hash}: durationSec ${ep.durationSec} -> ${secs}`);
      if (secs < 60 || secs > 120) outside.push(`  ${ep.hash}: ${secs} s`);
    }
    const all = Object.fromEntries(eps.map((e) => [e.hash, measured[e.hash] ?? known[e.hash]]).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)));
    if (JSON.stringify(all) !== JSON.stringify(known)) writeAtomic(durFile, `${JSON.stringify(all, null, 2)}\n`);
    const vals = Object.values(measured);
    if (vals.length) console.log(`podcast durations: ${vals.length} measured, ${Math.min(...vals)}-${Math.max(...vals)} s (see ${path.relative(process.cwd(), durFile)})`);
    if (differ.length) console.log(`notice: ${differ.length} episode durationSec value(s) differ from the real audio; correct values:\n${differ.join('\n')}`);
    if (outside.length) console.log(`warning: ${outside.length} episode(s) outside 60-120 s:\n${outside.join('\n')}`);
  }

  const summary = Object.entries(stats)
    .map(([k, s]) => `${k} ${s.made} made / ${s.kept} kept${s.failed ? ` / ${s.failed} FAILED` : ''}`)
    .join(', ');
  console.log(`summary: ${summary || 'nothing to do'}`);
  if (failures.length) {
    console.error(`\n${failures.length} problem(s):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
}

await main();
