// The listening record's calls (issue 14; docs/decisions/0016-listening-record.md): heard ranges in batches,
// and "Continue listening". The play log (podcast-view) and Watch Later stay with the student's lists (my-ce).
import type { Kysely } from 'kysely';
import { getListening, postPodcastListen } from '#shared/api/podcasts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { implement, type Implementation } from '../../plugins/contract.ts';
import type { CourseGate } from '../learning/course-gate.service.ts';
import { listeningService } from './listening.service.ts';

export function podcastRoutes(db: Kysely<DB>, opts: { clock: Clock; gate: CourseGate }): Implementation[] {
  const { gate } = opts;
  const listening = listeningService(db, opts);
  return [
    implement(postPodcastListen, async ({ body, student }) => {
      // the episode must exist and be out, as for a play (the course gate's 'play')
      const p = await gate.course(db, { p: body.p }, 'podcast');
      await gate.require(db, 'play', p, student.id);
      return { status: true, ...(await listening.record(student.id, p.id, body)) };
    }),

    implement(getListening, async ({ student }) => ({ status: true, data: await listening.continueListening(student.id) })),
  ];
}
