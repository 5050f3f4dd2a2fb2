// Slow is said, not spun (issue 21): a screen whose data is still on its way after 3 s says that the connection
// is slow, with Try again, which starts the load over and shows the answer when it comes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SLOW_LOADING } from '../lib/slow.ts';
import { answerApi, ok } from '../test/api-stub.ts';
import { classAnswer, listItem, liveClass } from '../test/fixtures.ts';
import { renderAt } from '../test/render.tsx';

describe('a load on a slow connection', () => {
  it('says the connection is slow after 3 s, and Try again asks again and shows the answer', { timeout: 20_000 }, async () => {
    const answer = classAnswer(liveClass());
    let tries = 0;
    // the first request stalls for good (a dead connection that never errors); the second is answered
    const calls = answerApi({ 'GET class': () => (++tries === 1 ? new Promise<never>(() => undefined) : { status: 200, json: answer }) });
    await renderAt('/reserve/live42');
    expect(screen.getByRole('status').textContent).not.toContain(SLOW_LOADING);
    expect(await screen.findByText(SLOW_LOADING, {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET class')).toHaveLength(2));
    expect(await screen.findByText(answer.classObj.className)).toBeTruthy();
    expect(screen.queryByText(SLOW_LOADING)).toBeNull();
  });
});

describe('Try again on a screen of several loads', () => {
  it('sends every load that failed again, so one tap brings the whole screen back', async () => {
    let up = false;
    const answer = (json: unknown) => () => (up ? ok(json) : 'offline');
    const calls = answerApi({
      'GET completed': answer({ status: true, data: [{ cntWebinars: 1, cntPodcasts: 0 }] }),
      'GET completed-webinars': answer({ status: true, rowCount: 1, totalRows: 1, page: 0, pageSize: 10, data: [listItem({ className: 'Perio Charting Today' })] }),
    });
    await renderAt('/completed');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThanOrEqual(1));
    up = true;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('Perio Charting Today')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls.filter((c) => c.key === 'GET completed-webinars').length).toBeGreaterThanOrEqual(2);
  });
});
