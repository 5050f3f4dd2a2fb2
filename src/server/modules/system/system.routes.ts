// Health (with the support address the footer shows) and the per-navigation page view.
import { getHealth, postPageView } from '#shared/api/support';
import { redactPath } from '#shared/domain/redact';
import type { Kysely } from 'kysely';
import { nowIso, type Clock } from '../../clock.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { implement, type Implementation } from '../../plugins/contract.ts';

export function systemRoutes(db: Kysely<DB>, opts: { clock: Clock; dialect: Dialect; version: string; build: number; supportEmail: string }): Implementation[] {
  return [
    // no database read: this is the floor the benchmarks compare the list endpoints against
    implement(getHealth, async () => ({ status: true, version: opts.version, build: opts.build, database: opts.dialect, serverTime: nowIso(opts.clock), supportEmail: opts.supportEmail })),
    implement(postPageView, async ({ body, student }) => {
      await db.insertInto('pageViews').values({ path: redactPath(body.path), studentId: student?.id ?? null, createdAt: nowIso(opts.clock) }).execute();
      return { status: true };
    }),
  ];
}
