// My license (issue 19; docs/decisions/0026-license-tracker.md): a student's licenses and their rules, the courses
// they took elsewhere ("self-reported") with their proof files, and each license's progress in a cycle. Every
// read and write is by the session's student: a license, rule, course or file of another student is never found
// (404, the same answer as one that does not exist, so ids tell nothing).
import type { Kysely, Selectable } from 'kysely';
import type { Entry, License, LicenseView, Preset, ReportedCourse, Rule, RuleFields, RuleSource } from '#shared/api/license';
import { CE_TYPE, CLASS_TYPE } from '#shared/domain/constants';
import { NAMED_TOPICS, presetTypeMessage, type CourseFormat, type LicenseType, type NamedTopic, type ProofType, type RuleKind, type Topic } from '#shared/domain/license';
import { addDays, addYears, cyclesOf, dayOf, licenseProgress, type CourseLinkLike, type CycleDays } from '#shared/domain/license-progress';
import { ruleProblems } from '#shared/domain/license-rules';
import { isoAt, type Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write-transaction.ts';
import { HttpError } from '../../plugins/contract.ts';
import type { UploadedFile } from '../../plugins/upload.ts';
import type { Storage } from '../../storage/storage.ts';
import { copiesOf, listPresets, presetById, ruleColumns } from './presets.ts';
import { PROOF_MESSAGES, isProofType, proofKey, proofName, proofTypeOf } from './proof.ts';

/** how far from today a renewal date may be: a past one (the last renewal) rolls on to the current cycle */
export const RENEWAL_WITHIN_YEARS = 10;

export const LICENSE_MESSAGES = {
  noLicense: 'No such license.',
  noRule: 'No such rule on this license.',
  noCourse: 'No such course.',
  noProof: 'This course has no proof file.',
  noPreset: 'No such preset. Choose one from the list, or add the rules yourself.',
  noCycle: 'This license has no cycle ending on that date.',
  tooManyLicenses: (n: number) => `You can keep up to ${n} licenses.`,
  tooManyRules: (n: number) => `A license can have up to ${n} rules.`,
  tooManyCourses: (n: number) => `You can record up to ${n} courses.`,
  futureCourse: 'The date is in the future. Record a course once you have taken it.',
  renewalFar: `Enter a renewal date within ${RENEWAL_WITHIN_YEARS} years of today.`,
} as const;

/** enough for anyone's licenses, rules and a career of courses; a bound on what one student can store */
export const LIMITS = { licenses: 20, rulesPerLicense: 40, reportedCourses: 2000 } as const;
/** the provider a CE Pass certificate names in a license's list */
export const CE_PASS_PROVIDER = 'CE Pass';

export interface LicenseDeps {
  db: Kysely<DB>;
  clock: Clock;
  publicUrl: string;
  storage: Storage;
}

type LicenseRow = Selectable<DB['licenses']>;
type RuleRow = Awaited<ReturnType<ReturnType<typeof rulesQuery>['execute']>>[number];
type CourseRow = Awaited<ReturnType<ReturnType<typeof coursesQuery>['execute']>>[number];

const rulesQuery = (db: Kysely<DB>, licenseIds: readonly number[]) =>
  db.selectFrom('licenseRules').selectAll().where('licenseId', 'in', licenseIds.length ? [...licenseIds] : [-1]).where('removed', '=', 0).orderBy('licenseId').orderBy('position').orderBy('id');
const coursesQuery = (db: Kysely<DB>, studentId: number) => db.selectFrom('reportedCourses').selectAll().where('studentId', '=', studentId).orderBy('date', 'desc').orderBy('id', 'desc');

const json = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};
const namedTopics = (text: string | null): NamedTopic[] => json<unknown[]>(text, []).filter((t): t is NamedTopic => (NAMED_TOPICS as readonly unknown[]).includes(t));

export const toRule = (r: RuleRow): Rule => ({
  id: r.id,
  kind: r.kind as RuleKind,
  hours: r.hours === null ? null : Number(r.hours),
  percent: r.percent === null ? null : Number(r.percent),
  topic: (r.topic as Topic | null) ?? null,
  otherTopic: r.otherTopic,
  everyYears: r.everyYears,
  note: r.note,
  preset: r.presetId && r.presetKey ? { presetId: r.presetId, key: r.presetKey, source: json<RuleSource>(r.source, { label: '', url: '', checkedOn: '', secondary: true }) } : null,
  edited: r.edited === 1,
});

export const toReportedCourse = (r: CourseRow): ReportedCourse => ({
  id: r.id,
  title: r.title,
  provider: r.provider,
  date: r.date,
  hours: Number(r.hours),
  format: r.format as CourseFormat,
  topics: namedTopics(r.topics),
  otherTopics: json<string[]>(r.otherTopics, []),
  agdCode: r.agdCode,
  proof: r.proofKey && isProofType(r.proofType) ? { name: r.proofName ?? 'proof', type: r.proofType, bytes: r.proofBytes ?? 0 } : null,
  createdAt: r.createdAt,
});

export function licenseService(deps: LicenseDeps) {
  const { db, clock, publicUrl, storage } = deps;
  const today = () => dayOf(clock.now());

  const toLicense = (l: LicenseRow, current: CycleDays): License => ({
    id: l.id,
    jurisdiction: l.jurisdiction,
    licenseType: l.licenseType as LicenseType,
    number: l.number,
    renewalDate: current.end,
    cycleYears: l.cycleYears,
    presetId: l.presetId,
  });

  async function ownLicense(studentId: number, id: number): Promise<LicenseRow> {
    const row = await db.selectFrom('licenses').selectAll().where('id', '=', id).where('studentId', '=', studentId).executeTakeFirst();
    if (!row) throw new HttpError(404, LICENSE_MESSAGES.noLicense);
    return row;
  }

  /** every course of the student that may count: CE Pass certificates with credits, and reported courses */
  async function entriesOf(studentId: number): Promise<Entry[]> {
    const certificates = await db
      .selectFrom('certificates as ct')
      .innerJoin('gradebook as g', 'g.id', 'ct.gradebookId')
      .leftJoin('classes as c', 'c.id', 'g.classId')
      .leftJoin('podcasts as p', 'p.id', 'g.podcastId')
      .select(['ct.code', 'ct.title', 'ct.credits', 'ct.ceTypeId', 'ct.agdCode', 'ct.completedOn', 'c.topics as classTopics', 'p.topics as podcastTopics'])
      .where('ct.studentId', '=', studentId)
      .where('ct.credits', '>', 0)
      .execute();
    const fromCePass: Entry[] = certificates.map((c) => ({
      source: 'ce-pass',
      id: 0,
      title: c.title,
      provider: CE_PASS_PROVIDER,
      // a certificate counts in the cycle of the day it says it was completed (the student's own day, decision 0045)
      date: c.completedOn,
      hours: Number(c.credits),
      format: c.ceTypeId === CE_TYPE.PARTICIPATORY ? 'live' : 'self-study',
      topics: namedTopics(c.classTopics ?? c.podcastTopics),
      otherTopics: [],
      agdCode: c.agdCode?.trim() ? c.agdCode : null,
      certificateCode: c.code,
      verifyUrl: `${publicUrl}/verify/${encodeURIComponent(c.code)}`,
      hasProof: false,
    }));
    const reported: Entry[] = (await coursesQuery(db, studentId).execute()).map((r) => {
      const c = toReportedCourse(r);
      return { source: 'self-reported', id: c.id, title: c.title, provider: c.provider, date: c.date, hours: c.hours, format: c.format, topics: c.topics, otherTopics: c.otherTopics, agdCode: c.agdCode, certificateCode: null, verifyUrl: null, hasProof: c.proof !== null };
    });
    return [...fromCePass, ...reported].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.source.localeCompare(b.source)));
  }

  /** CE Pass courses and episodes with topics the student has no certificate for: what the what's-left list links to */
  async function catalogueOf(studentId: number): Promise<CourseLinkLike[]> {
    const now = isoAt(clock.now());
    const done = db.selectFrom('certificates as ct').innerJoin('gradebook as g', 'g.id', 'ct.gradebookId').where('ct.studentId', '=', studentId);
    const classes = await db
      .selectFrom('classes')
      .select(['hash', 'name', 'credits', 'topics', 'typeId', 'releaseDate'])
      .where('topics', 'is not', null)
      .where('isTutorial', '=', 0)
      .where('credits', '>', 0)
      .where('id', 'not in', done.select('g.classId').where('g.classId', 'is not', null).$narrowType<{ classId: number }>())
      .orderBy('releaseDate', 'desc')
      .execute();
    const podcasts = await db
      .selectFrom('podcasts')
      .innerJoin('podcastShows as s', 's.id', 'podcasts.showId')
      .select(['podcasts.hash', 'podcasts.title', 'podcasts.credits', 'podcasts.topics', 's.hash as show'])
      .where('podcasts.topics', 'is not', null)
      .where('podcasts.credits', '>', 0)
      .where('podcasts.releaseDate', '<=', now)
      .where('podcasts.id', 'not in', done.select('g.podcastId').where('g.podcastId', 'is not', null).$narrowType<{ podcastId: number }>())
      .orderBy('podcasts.releaseDate', 'desc')
      .execute();
    return [
      // a course one can take now: a live webinar still ahead, or an on-demand course already out
      ...classes.filter((c) => (c.typeId === CLASS_TYPE.LIVE) === c.releaseDate > now).map((c) => ({ kind: 'class' as const, hash: c.hash, show: null, title: c.name, credits: Number(c.credits), topics: namedTopics(c.topics) })),
      ...podcasts.map((p) => ({ kind: 'podcast' as const, hash: p.hash, show: p.show, title: p.title, credits: Number(p.credits), topics: namedTopics(p.topics) })),
    ];
  }

  function viewOf(l: LicenseRow, rules: Rule[], entries: Entry[], catalogue: CourseLinkLike[], cycleEnd?: string): Omit<LicenseView, 'status'> {
    const cycles = cyclesOf(l.firstRenewalDate, l.cycleYears, today());
    const cycle = cycleEnd ? cycles.find((c) => c.end === cycleEnd) : cycles[0];
    if (!cycle) throw new HttpError(404, LICENSE_MESSAGES.noCycle);
    const progress = licenseProgress({ rules, entries, cycle, today: today(), catalogue });
    // the courses the progress looked at: the cycle's, and those a topic required every N years looks back to
    const years = Math.max(0, ...rules.map((r) => (r.kind === 'topic' ? (r.everyYears ?? 0) : 0)));
    const from = years ? [cycle.start, addDays(addYears(cycle.end, -years), 1)].sort()[0]! : cycle.start;
    return { license: toLicense(l, cycles[0]!), rules, cycle, cycles, entries: entries.filter((e) => e.date >= from && e.date <= cycle.end), progress };
  }

  async function view(studentId: number, id: number, cycleEnd?: string): Promise<LicenseView> {
    const l = await ownLicense(studentId, id);
    const rules = (await rulesQuery(db, [l.id]).execute()).map(toRule);
    return { status: true, ...viewOf(l, rules, await entriesOf(studentId), await catalogueOf(studentId), cycleEnd) };
  }

  /** a renewal date within RENEWAL_WITHIN_YEARS of today, so its cycles are few and the current one is real */
  const checkRenewal = (renewalDate: string) => {
    if (renewalDate < addYears(today(), -RENEWAL_WITHIN_YEARS) || renewalDate > addYears(today(), RENEWAL_WITHIN_YEARS))
      throw new HttpError(422, LICENSE_MESSAGES.renewalFar, { errors: { renewalDate: LICENSE_MESSAGES.renewalFar } });
  };

  /**
   * a proof file checked by its content and kept, before any row names it: a row never names a file that is not
   * there; a file whose row then failed is only an orphan (the caller removes it)
   */
  const storedProof = async (studentId: number, file: UploadedFile): Promise<{ key: string; name: string; type: ProofType; bytes: number }> => {
    if (file.bytes.length === 0) throw new HttpError(400, PROOF_MESSAGES.empty, { errors: { proof: PROOF_MESSAGES.empty } });
    const type = proofTypeOf(file.bytes);
    if (!type) throw new HttpError(415, PROOF_MESSAGES.notAProof, { errors: { proof: PROOF_MESSAGES.notAProof } });
    const proof = { key: proofKey(studentId, type), name: proofName(file.filename, type), type, bytes: file.bytes.length };
    await storage.put(proof.key, file.bytes);
    return proof;
  };

  const licenseColumns = (b: { jurisdiction: string; licenseType: LicenseType; number: string | null; renewalDate: string; cycleYears: number }) => ({
    jurisdiction: b.jurisdiction,
    licenseType: b.licenseType,
    number: b.number?.trim() ? b.number.trim() : null,
    firstRenewalDate: b.renewalDate,
    cycleYears: b.cycleYears,
  });

  /** a change to a license's rules is a change to the license */
  const touched = (licenseId: number, at: string) => db.updateTable('licenses').set({ updatedAt: at }).where('id', '=', licenseId).execute();

  async function checkedRule(licenseId: number, id: number | null, fields: RuleFields): Promise<void> {
    const others = (await rulesQuery(db, [licenseId]).execute()).map(toRule);
    if (id !== null && !others.some((r) => r.id === id)) throw new HttpError(404, LICENSE_MESSAGES.noRule);
    if (id === null && others.length >= LIMITS.rulesPerLicense) throw new HttpError(422, LICENSE_MESSAGES.tooManyRules(LIMITS.rulesPerLicense));
    const problems = ruleProblems({ ...fields, id }, others);
    const first = Object.values(problems)[0];
    if (first) throw new HttpError(422, first, { errors: problems });
  }

  return {
    presets: (): Promise<Preset[]> => listPresets(db),

    async list(studentId: number) {
      const licenses = await db.selectFrom('licenses').selectAll().where('studentId', '=', studentId).orderBy('id').execute();
      const rules = (await rulesQuery(db, licenses.map((l) => l.id)).execute()).map((r) => ({ licenseId: r.licenseId, rule: toRule(r) }));
      const entries = await entriesOf(studentId);
      const catalogue = await catalogueOf(studentId);
      return licenses.map((l) => {
        const v = viewOf(l, rules.filter((r) => r.licenseId === l.id).map((r) => r.rule), entries, catalogue);
        return { license: v.license, cycle: v.cycle, progress: v.progress };
      });
    },

    view,

    async add(studentId: number, b: Parameters<typeof licenseColumns>[0] & { preset: string | null }): Promise<LicenseView> {
      checkRenewal(b.renewalDate);
      const preset = b.preset ? await presetById(db, b.preset) : null;
      if (b.preset && !preset) throw new HttpError(404, LICENSE_MESSAGES.noPreset);
      // its rules are that type's: a dentist's license made from a hygienist's preset would ask the wrong hours
      if (preset && preset.licenseType !== b.licenseType) throw new HttpError(422, presetTypeMessage(preset.licenseType), { errors: { licenseType: presetTypeMessage(preset.licenseType) } });
      const at = isoAt(clock.now());
      const id = await writeTransaction(db, async (trx) => {
        const n = await trx.selectFrom('licenses').select((eb) => eb.fn.countAll<number>().as('n')).where('studentId', '=', studentId).executeTakeFirstOrThrow();
        if (Number(n.n) >= LIMITS.licenses) throw new HttpError(422, LICENSE_MESSAGES.tooManyLicenses(LIMITS.licenses));
        const { id } = await trx
          .insertInto('licenses')
          .values({ studentId, ...licenseColumns(b), presetId: preset?.id ?? null, remindersFrom: today(), createdAt: at, updatedAt: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (preset?.rules.length) await trx.insertInto('licenseRules').values(copiesOf(preset, id, at)).execute();
        return id;
      });
      return view(studentId, id);
    },

    async edit(studentId: number, b: Parameters<typeof licenseColumns>[0] & { id: number }): Promise<LicenseView> {
      const l = await ownLicense(studentId, b.id);
      const cols = licenseColumns(b);
      const currentEnd = cyclesOf(l.firstRenewalDate, l.cycleYears, today())[0]!.end;
      // the form shows the current renewal date: sent back unchanged it keeps the license's history of cycles
      const moved = cols.firstRenewalDate !== currentEnd || cols.cycleYears !== l.cycleYears;
      if (moved) checkRenewal(cols.firstRenewalDate);
      await db
        .updateTable('licenses')
        .set({ ...cols, firstRenewalDate: moved ? cols.firstRenewalDate : l.firstRenewalDate, ...(moved ? { remindersFrom: today() } : {}), updatedAt: isoAt(clock.now()) })
        .where('id', '=', l.id)
        .execute();
      return view(studentId, l.id);
    },

    async remove(studentId: number, id: number): Promise<void> {
      const l = await ownLicense(studentId, id);
      // its rules and reminder rows go with it (ON DELETE CASCADE); the reported courses are the student's, and stay
      await db.deleteFrom('licenses').where('id', '=', l.id).execute();
    },

    async saveRule(studentId: number, licenseId: number, id: number | null, fields: RuleFields): Promise<LicenseView> {
      const l = await ownLicense(studentId, licenseId);
      await checkedRule(l.id, id, fields);
      const at = isoAt(clock.now());
      const cols = ruleColumns(fields);
      if (id === null) {
        const last = await db.selectFrom('licenseRules').select((eb) => eb.fn.max('position').as('m')).where('licenseId', '=', l.id).executeTakeFirst();
        await db.insertInto('licenseRules').values({ licenseId: l.id, position: Number(last?.m ?? -1) + 1, ...cols, presetId: null, presetKey: null, source: null, createdAt: at, updatedAt: at }).execute();
      } else {
        const before = toRule((await db.selectFrom('licenseRules').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as RuleRow);
        const same = (Object.keys(cols) as (keyof typeof cols)[]).every((k) => (before[k] ?? null) === (cols[k] ?? null));
        // a change, however small, is the student's: a later preset update leaves this rule as they set it
        if (!same) await db.updateTable('licenseRules').set({ ...cols, edited: 1, updatedAt: at }).where('id', '=', id).where('licenseId', '=', l.id).execute();
      }
      await touched(l.id, at);
      return view(studentId, l.id);
    },

    async removeRule(studentId: number, licenseId: number, id: number): Promise<LicenseView> {
      const l = await ownLicense(studentId, licenseId);
      const rule = await db.selectFrom('licenseRules').select(['id', 'presetKey']).where('id', '=', id).where('licenseId', '=', l.id).where('removed', '=', 0).executeTakeFirst();
      if (!rule) throw new HttpError(404, LICENSE_MESSAGES.noRule);
      const at = isoAt(clock.now());
      // a preset's rule is kept, marked removed, so the next preset update does not bring it back
      if (rule.presetKey) await db.updateTable('licenseRules').set({ removed: 1, edited: 1, updatedAt: at }).where('id', '=', id).execute();
      else await db.deleteFrom('licenseRules').where('id', '=', id).execute();
      await touched(l.id, at);
      return view(studentId, l.id);
    },

    reportedCourses: async (studentId: number): Promise<ReportedCourse[]> => (await coursesQuery(db, studentId).execute()).map(toReportedCourse),

    async addReportedCourse(
      studentId: number,
      b: { title: string; provider: string; date: string; hours: number; format: CourseFormat; topics: NamedTopic[]; otherTopics: string[]; agdCode: string | null },
      file: UploadedFile | null,
    ): Promise<ReportedCourse> {
      if (b.date > today()) throw new HttpError(422, LICENSE_MESSAGES.futureCourse, { errors: { date: LICENSE_MESSAGES.futureCourse } });
      const proof = file ? await storedProof(studentId, file) : null;
      const at = isoAt(clock.now());
      try {
        const row = await writeTransaction(db, async (trx) => {
          const n = await trx.selectFrom('reportedCourses').select((eb) => eb.fn.countAll<number>().as('n')).where('studentId', '=', studentId).executeTakeFirstOrThrow();
          if (Number(n.n) >= LIMITS.reportedCourses) throw new HttpError(422, LICENSE_MESSAGES.tooManyCourses(LIMITS.reportedCourses));
          return trx
            .insertInto('reportedCourses')
            .values({
              studentId,
              title: b.title,
              provider: b.provider,
              date: b.date,
              hours: b.hours,
              format: b.format,
              topics: JSON.stringify([...new Set(b.topics)]),
              otherTopics: JSON.stringify([...new Set(b.otherTopics)]),
              agdCode: b.agdCode?.trim() ? b.agdCode.trim() : null,
              proofKey: proof?.key ?? null,
              proofName: proof?.name ?? null,
              proofType: proof?.type ?? null,
              proofBytes: proof?.bytes ?? null,
              createdAt: at,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return toReportedCourse(row);
      } catch (err) {
        if (proof) await storage.remove(proof.key).catch(() => undefined);
        throw err;
      }
    },

    /** the proof of the student's own course, added or replaced: the file kept, the row names it, the old file goes */
    async attachProof(studentId: number, id: number, file: UploadedFile | null): Promise<ReportedCourse> {
      if (!file) throw new HttpError(400, PROOF_MESSAGES.missing, { errors: { proof: PROOF_MESSAGES.missing } });
      const before = await db.selectFrom('reportedCourses').select(['id', 'proofKey']).where('id', '=', id).where('studentId', '=', studentId).executeTakeFirst();
      if (!before) throw new HttpError(404, LICENSE_MESSAGES.noCourse);
      const proof = await storedProof(studentId, file);
      try {
        const row = await db
          .updateTable('reportedCourses')
          .set({ proofKey: proof.key, proofName: proof.name, proofType: proof.type, proofBytes: proof.bytes })
          .where('id', '=', before.id)
          .where('studentId', '=', studentId)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new HttpError(404, LICENSE_MESSAGES.noCourse);
        if (before.proofKey && before.proofKey !== proof.key) await storage.remove(before.proofKey).catch(() => undefined);
        return toReportedCourse(row);
      } catch (err) {
        await storage.remove(proof.key).catch(() => undefined);
        throw err;
      }
    },

    async removeReportedCourse(studentId: number, id: number): Promise<void> {
      const row = await db.selectFrom('reportedCourses').select(['id', 'proofKey']).where('id', '=', id).where('studentId', '=', studentId).executeTakeFirst();
      if (!row) throw new HttpError(404, LICENSE_MESSAGES.noCourse);
      await db.deleteFrom('reportedCourses').where('id', '=', row.id).execute();
      if (row.proofKey) await storage.remove(row.proofKey);
    },

    /** the proof file of the student's own course */
    async proof(studentId: number, id: number): Promise<{ name: string; type: ProofType; bytes: Buffer }> {
      const row = await db.selectFrom('reportedCourses').select(['proofKey', 'proofName', 'proofType']).where('id', '=', id).where('studentId', '=', studentId).executeTakeFirst();
      if (!row) throw new HttpError(404, LICENSE_MESSAGES.noCourse);
      const bytes = row.proofKey && isProofType(row.proofType) ? await storage.read(row.proofKey) : null;
      if (!bytes) throw new HttpError(404, LICENSE_MESSAGES.noProof);
      return { name: row.proofName ?? 'proof', type: row.proofType as ProofType, bytes };
    },

    entriesOf,
    ownLicense,
    rulesOf: async (licenseId: number) => (await rulesQuery(db, [licenseId]).execute()).map(toRule),
    catalogueOf,
  };
}

export type LicenseService = ReturnType<typeof licenseService>;
