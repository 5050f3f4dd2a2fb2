// License presets (issue 19; docs/decisions/0026-license-tracker.md): the content pack's starting points, and what
// an update of them does to the students' licenses. A license made from a preset holds copies of its rules; an
// import replaces the preset and brings every copy the student has not edited up to date (a rule the preset
// dropped goes, a rule it added comes), while an edited or removed copy stays as the student left it.
import type { Kysely, Transaction } from 'kysely';
import type { Preset, RuleFields, RuleSource } from '#shared/api/license';
import type { DB } from '../../db/schema.ts';
import type { PackLicensePreset } from '../../content/pack-schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** a preset rule's fields as a rule row stores them */
export const ruleColumns = (r: RuleFields) => ({
  kind: r.kind,
  hours: r.hours,
  percent: r.percent ?? null,
  topic: r.topic ?? null,
  otherTopic: r.otherTopic ?? null,
  everyYears: r.everyYears ?? null,
  note: r.note ?? null,
});

export async function listPresets(db: Db): Promise<Preset[]> {
  const rows = await db.selectFrom('licensePresets').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, jurisdiction: r.jurisdiction, licenseType: r.licenseType as Preset['licenseType'], cycleYears: r.cycleYears, caveat: r.caveat, rules: JSON.parse(r.rules) as Preset['rules'] }));
}

export async function presetById(db: Db, id: string): Promise<Preset | null> {
  return (await listPresets(db)).find((p) => p.id === id) ?? null;
}

/** the rows of a new license's rules, copied from its preset */
export const copiesOf = (preset: Preset, licenseId: number, at: string) =>
  preset.rules.map((r, position) => ({ licenseId, position, ...ruleColumns(r), presetId: preset.id, presetKey: r.key, source: JSON.stringify(r.source satisfies RuleSource), createdAt: at, updatedAt: at }));

/**
 * Replaces the stored presets with the pack's (a preset the pack no longer has stays: licenses made from it keep
 * their provenance) and applies each preset's rules to the copies the students have not edited. Runs inside the
 * import's transaction. Answers how many copies changed, were added and were removed.
 */
export async function syncPresets(trx: Db, presets: readonly PackLicensePreset[], at: string): Promise<{ changed: number; unchanged: number; updated: number; added: number; removed: number }> {
  const out = { changed: 0, unchanged: 0, updated: 0, added: 0, removed: 0 };
  for (const [position, p] of presets.entries()) {
    const row = { jurisdiction: p.jurisdiction, licenseType: p.licenseType, cycleYears: p.cycleYears, caveat: p.caveat ?? null, rules: JSON.stringify(p.rules), position };
    const had = await trx.selectFrom('licensePresets').selectAll().where('id', '=', p.id).executeTakeFirst();
    // the same preset again (a second import of one pack) changes nothing, its licenses included
    if (had && (Object.keys(row) as (keyof typeof row)[]).every((k) => had[k] === row[k])) {
      out.unchanged++;
      continue;
    }
    if (had) await trx.updateTable('licensePresets').set({ ...row, updatedAt: at }).where('id', '=', p.id).execute();
    else await trx.insertInto('licensePresets').values({ id: p.id, ...row, updatedAt: at }).execute();
    out.changed++;

    const licenses = await trx.selectFrom('licenses').select('id').where('presetId', '=', p.id).execute();
    for (const { id: licenseId } of licenses) {
      const copies = await trx.selectFrom('licenseRules').select(['id', 'presetKey', 'edited', 'removed', 'position']).where('licenseId', '=', licenseId).where('presetId', '=', p.id).execute();
      for (const [i, r] of p.rules.entries()) {
        const copy = copies.find((c) => c.presetKey === r.key);
        if (!copy) {
          const last = await trx.selectFrom('licenseRules').select((eb) => eb.fn.max('position').as('m')).where('licenseId', '=', licenseId).executeTakeFirst();
          await trx
            .insertInto('licenseRules')
            .values({ licenseId, position: Number(last?.m ?? i) + 1, ...ruleColumns(r), presetId: p.id, presetKey: r.key, source: JSON.stringify(r.source), createdAt: at, updatedAt: at })
            .execute();
          out.added++;
        } else if (!copy.edited && !copy.removed) {
          await trx.updateTable('licenseRules').set({ ...ruleColumns(r), source: JSON.stringify(r.source), updatedAt: at }).where('id', '=', copy.id).execute();
          out.updated++;
        }
      }
      const keys = new Set(p.rules.map((r) => r.key));
      const gone = copies.filter((c) => !keys.has(c.presetKey ?? '') && !c.edited).map((c) => c.id);
      if (gone.length) {
        await trx.deleteFrom('licenseRules').where('id', 'in', gone).execute();
        out.removed += gone.length;
      }
    }
  }
  return out;
}
