// The listening record and episodes in Watch Later (issue 14; docs/decisions/0016-listening-record.md).
// listening: one row per student and episode, the heard ranges kept merged (never one row per batch);
// listening_events: the batch ids already applied, so a replayed batch changes nothing; podcast_queue: Watch
// Later for episodes, beside the classes' queue (whose class_id is NOT NULL, and SQLite cannot relax that
// without rebuilding the table).
import type { CreateTableBuilder, Kysely } from 'kysely';

type Table = CreateTableBuilder<string, any>;

export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const table = (name: string): Table =>
    db.schema.createTable(name).addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const ref = (t: Table, col: string, target: string): Table => t.addColumn(col, 'integer', (c) => c.references(`${target}.id`).onDelete('cascade').notNull());
  const text = (t: Table, col: string, nullable = false): Table => t.addColumn(col, 'text', (c) => (nullable ? c : c.notNull()));
  // double precision, not real: PostgreSQL's real is 4 bytes and would store 94.9 s as 94.90000153
  const seconds = (t: Table, col: string): Table => t.addColumn(col, 'double precision', (c) => c.notNull().defaultTo(0));

  // heard: the merged heard ranges as JSON [[from, to], ...]; heard_sec their length, so lists need not parse it.
  // position_at: when the position was true on the device (the batch's `at`, never later than the server's now)
  let listening = ref(ref(table('listening'), 'student_id', 'students'), 'podcast_id', 'podcasts');
  listening = seconds(seconds(text(listening, 'heard'), 'heard_sec'), 'position_sec');
  listening = text(text(text(text(listening, 'position_at'), 'played_at', true), 'created_at'), 'updated_at');
  await listening.addUniqueConstraint('listening_uq', ['student_id', 'podcast_id']).execute();

  // digest: what the batch said, so the same id sent with another body is told apart from a replay
  let events = ref(ref(table('listening_events'), 'student_id', 'students'), 'podcast_id', 'podcasts');
  events = text(text(text(events, 'client_event_id'), 'digest'), 'created_at');
  await events.addUniqueConstraint('listening_events_uq', ['student_id', 'client_event_id']).execute();

  const queue = text(ref(ref(table('podcast_queue'), 'student_id', 'students'), 'podcast_id', 'podcasts'), 'created_at');
  await queue.addUniqueConstraint('podcast_queue_uq', ['student_id', 'podcast_id']).execute();
}
