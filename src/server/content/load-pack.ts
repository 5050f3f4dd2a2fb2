// Reads a content pack from disk: resolves `includes`, validates the shape and every cross-reference,
// and reports all problems at once in plain words. The importer and `content:import` both start here.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { ruleProblems } from '#shared/domain/license-rules';
import { PackSchema, type Pack, type PackAccreditation } from './pack-schema.ts';

export interface LoadedPack {
  pack: Pack;
  /** folder holding the pack's media/ */
  dir: string;
}

export class PackError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content pack rejected:\n- ${problems.join('\n- ')}`);
  }
}

const ARRAY_KEYS = ['categories', 'companies', 'speakers', 'classes', 'podcastShows', 'ebooks', 'surveys', 'sponsoredVideos', 'ads', 'adPlacements', 'blurbs', 'accreditations', 'licensePresets', 'students'] as const;

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new PackError([`${path.basename(file)}: ${(err as Error).message}`]);
  }
}

export async function loadPack(file: string, opts: { checkMedia?: boolean } = {}): Promise<LoadedPack> {
  const dir = path.dirname(path.resolve(file));
  const root = await readJson(file);
  const merged: Record<string, unknown> = { ...root };
  for (const inc of (Array.isArray(root.includes) ? root.includes : []) as unknown[]) {
    // only sibling files: the name is checked before anything is read
    if (typeof inc !== 'string' || !/^[a-z0-9-]+\.json$/.test(inc)) throw new PackError([`includes: "${String(inc)}" is not a sibling file name such as podcasts.json`]);
    const part = await readJson(path.join(dir, inc));
    for (const key of ARRAY_KEYS) {
      if (Array.isArray(part[key])) merged[key] = [...((merged[key] as unknown[]) ?? []), ...(part[key] as unknown[])];
    }
    for (const key of ['lookups', 'featured'] as const) if (part[key] && !merged[key]) merged[key] = part[key];
  }
  const parsed = v.safeParse(PackSchema, merged);
  if (!parsed.success) {
    throw new PackError(parsed.issues.slice(0, 50).map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`));
  }
  const pack = parsed.output;
  const problems = crossCheck(pack);
  if (opts.checkMedia !== false) {
    for (const media of mediaPaths(pack)) {
      if (!existsSync(path.join(dir, 'media', media))) problems.push(`missing media file media/${media}`);
    }
  }
  if (problems.length) throw new PackError(problems.slice(0, 80));
  return { pack, dir };
}

/** Every media file a pack refers to. */
export function mediaPaths(pack: Pack): string[] {
  const out = new Set<string>();
  const add = (p?: string | null) => p && out.add(p);
  pack.companies?.forEach((c) => add(c.logo));
  pack.speakers?.forEach((s) => add(s.photo));
  pack.classes?.forEach((c) => (add(c.photo), add(c.video), add(c.pdf)));
  pack.podcastShows?.forEach((s) => (add(s.photo), s.episodes.forEach((e) => (add(e.mp3), add(e.photo)))));
  pack.ebooks?.forEach((b) => (add(b.thumbnail), add(b.pdf)));
  pack.sponsoredVideos?.forEach((s) => add(s.video));
  pack.ads?.forEach((a) => a.banners.forEach(add));
  return [...out];
}

function crossCheck(pack: Pack): string[] {
  const problems: string[] = [];
  const keys = (list: { key: string }[] | undefined) => new Set((list ?? []).map((x) => x.key));
  const categories = keys(pack.categories);
  const companies = keys(pack.companies);
  const speakers = keys(pack.speakers);
  const surveys = keys(pack.surveys);
  const svas = keys(pack.sponsoredVideos);
  const classes = new Map((pack.classes ?? []).map((c) => [c.hash, c]));
  const episodes = new Set((pack.podcastShows ?? []).flatMap((s) => s.episodes.map((e) => e.hash)));
  const need = (set: Set<string>, key: string | undefined, what: string, where: string) => {
    if (key !== undefined && !set.has(key)) problems.push(`${where}: unknown ${what} "${key}"`);
  };
  const hashes = new Set<string>();
  const unique = (hash: string, where: string) => {
    if (hashes.has(hash)) problems.push(`${where}: hash "${hash}" is used twice`);
    hashes.add(hash);
  };
  for (const c of pack.classes ?? []) {
    const where = `class ${c.hash}`;
    unique(c.hash, where);
    need(speakers, c.speaker, 'speaker', where);
    need(companies, c.company, 'company', where);
    c.categories.forEach((k) => need(categories, k, 'category', where));
    need(surveys, c.survey, 'survey', where);
    need(svas, c.sponsoredVideo, 'sponsored video', where);
    if (c.exam) c.exam.questions.forEach((q, i) => q.correct > q.options.length && problems.push(`${where}: exam question ${i + 1} marks option ${q.correct} correct but has ${q.options.length}`));
    if (c.kind !== 'live' && (c.meetingCode !== undefined || c.capacity !== undefined)) problems.push(`${where}: only live classes have a meetingCode or capacity`);
    if ((c.kind === 'video' || c.kind === 'tutorial') && !c.video && !c.youtubeId) problems.push(`${where}: a ${c.kind} class needs a video or youtubeId`);
    if (c.kind === 'pdf' && !c.pdf) problems.push(`${where}: a pdf class needs a pdf`);
  }
  for (const s of pack.podcastShows ?? []) {
    unique(s.hash, `show ${s.hash}`);
    need(companies, s.company, 'company', `show ${s.hash}`);
    for (const e of s.episodes) {
      const where = `episode ${e.hash}`;
      unique(e.hash, where);
      need(speakers, e.speaker, 'speaker', where);
      e.categories.forEach((k) => need(categories, k, 'category', where));
      if (e.exam) e.exam.questions.forEach((q, i) => q.correct > q.options.length && problems.push(`${where}: exam question ${i + 1} marks option ${q.correct} correct but has ${q.options.length}`));
    }
  }
  for (const b of pack.ebooks ?? []) unique(b.hash, `ebook ${b.hash}`);
  pack.sponsoredVideos?.forEach((s) => need(companies, s.company, 'company', `sponsored video ${s.key}`));
  pack.ads?.forEach((a) => need(companies, a.company, 'company', `ad ${a.key}`));
  if (pack.featured?.class && !classes.has(pack.featured.class)) problems.push(`featured: unknown class "${pack.featured.class}"`);
  if (pack.featured?.podcast && !episodes.has(pack.featured.podcast)) problems.push(`featured: unknown podcast "${pack.featured.podcast}"`);
  const periods: PackAccreditation[] = [];
  for (const a of pack.accreditations ?? []) {
    const where = `accreditation ${a.approvalBody} (${a.provider}, from ${a.validFrom})`;
    if (a.validThrough < a.validFrom) problems.push(`${where}: validThrough ${a.validThrough} is before validFrom ${a.validFrom}`);
    // two statements of one body for one provider on the same day would print that approval twice
    const same = periods.find((p) => p.approvalBody === a.approvalBody && p.provider === a.provider && p.validFrom <= a.validThrough && a.validFrom <= p.validThrough);
    if (same) problems.push(`${where}: its period overlaps the one from ${same.validFrom} through ${same.validThrough}`);
    periods.push(a);
  }
  const presetIds = new Set<string>();
  for (const p of pack.licensePresets ?? []) {
    const where = `license preset ${p.id}`;
    if (presetIds.has(p.id)) problems.push(`${where}: the id is used twice`);
    presetIds.add(p.id);
    const ruleKeys = new Set<string>();
    p.rules.forEach((r, i) => {
      if (ruleKeys.has(r.key)) problems.push(`${where}: rule key "${r.key}" is used twice`);
      ruleKeys.add(r.key);
      // the rules a student could not save are no starting point either (the same check as license-rule-save), each
      // against the ones before it, as a student would add them, so one conflict is reported once
      const others = p.rules.slice(0, i).map((o, j) => ({ ...o, id: j }));
      for (const [field, message] of Object.entries(ruleProblems({ ...r, id: i }, others))) problems.push(`${where}: rule ${r.key} ${field}: ${message}`);
    });
  }
  for (const st of pack.students ?? []) {
    const where = `student ${st.username}`;
    st.seats?.forEach((s) => (classes.get(s.class)?.kind === 'live' ? null : problems.push(`${where}: seat in "${s.class}", which is not a live class`)));
    st.watchLater?.forEach((h) => need(new Set(classes.keys()), h, 'class', where));
    st.inProgress?.forEach((p) => need(new Set(classes.keys()), p.class, 'class', where));
    st.viewedTutorials?.forEach((h) => (classes.get(h)?.kind === 'tutorial' ? null : problems.push(`${where}: "${h}" is not a tutorial`)));
    st.completed?.forEach((c) => {
      if (!c.class === !c.podcast) problems.push(`${where}: a completed item names exactly one class or podcast`);
      need(new Set(classes.keys()), c.class, 'class', where);
      need(episodes, c.podcast, 'podcast', where);
    });
  }
  return problems;
}
