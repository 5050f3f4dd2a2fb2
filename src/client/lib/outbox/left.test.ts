// What pages left noted (leaving.ts, decision 0047): the next replay moves the session's student's notes into the
// outbox, with the same id, and leaves another student's for their own login; logout keeps another student's notes,
// and the student's own only when they keep what was not sent.
import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerApi, ok } from '../../test/api-stub.ts';
import { configureOutbox, keepLeftActions, leftKeptAtLogout, readLeft, writeLeft, type LeftAction } from './index.ts';

const note = (id: string, owner: string): LeftAction => ({ id, path: 'podcast-listen', body: { p: 'ep1', e: id, ranges: [[0, 12]], position: 12, at: '2026-11-28T00:00:00.000Z' }, label: 'Listening to “Ep”', owner });

beforeEach(async () => {
  localStorage.clear();
  await clear(createStore('cepass-outbox', 'actions'));
});

describe('what pages left noted', () => {
  it("goes into the outbox for the session's student, under its own id, and leaves another student's", async () => {
    const calls = answerApi({ 'POST podcast-listen': ok({ status: true, heardShare: 0.1, position: 12, played: false }) });
    configureOutbox({ owner: () => 'pat', onApplied: () => undefined });
    writeLeft([note('a1', 'pat'), note('b1', 'sam')]);
    await keepLeftActions();
    const sent = calls.filter((c) => c.key === 'POST podcast-listen');
    expect(sent.map((c) => c.idempotencyKey)).toEqual(['a1']);
    expect((sent[0]!.body as { s: string }).s).toBe('pat');
    expect(readLeft().map((a) => a.id)).toEqual(['b1']);
  });

  it("is kept at logout for another student, and for the student only when they keep what was not sent", () => {
    writeLeft([note('a1', 'pat'), note('b1', 'sam')]);
    expect(leftKeptAtLogout('pat', false).map((a) => a.id)).toEqual(['b1']);
    expect(leftKeptAtLogout('pat', true).map((a) => a.id)).toEqual(['a1', 'b1']);
  });
});
