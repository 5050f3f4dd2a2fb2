// Releasing a seat on a bad network (issue 21): an answer lost after the server released the seat ends on the
// released state, not on a failure; one lost before it offers Try again, which sends the same intent (the same
// Idempotency-Key), so the server applies it once.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../lib/api.ts';
import { answerApi, ok, type Answer } from '../test/api-stub.ts';
import { findText, renderAt } from '../test/render.tsx';

const CODE = 'seatcode1234';
const seatInfo = (status: 'reserved' | 'cancelled') =>
  ok({ status: true, data: [{ hash: 'web1', className: 'Airway Management Update', speakerName: 'Dr. Lee', releaseDateUTC: '2026-12-02T18:00:00Z', status }] });
const webinars = { 'GET upcoming': ok({ status: true, rowCount: 0, data: [] }), 'GET seats': ok({ status: true, rowCount: 0, data: [] }) };

async function release() {
  await renderAt(`/cancel-seat/${CODE}`, { loggedIn: false });
  fireEvent.click(await screen.findByRole('button', { name: 'I Cannot Attend' }));
  fireEvent.click(screen.getByRole('button', { name: 'Release My Seat' }));
}

describe('releasing a seat whose answer is lost', () => {
  it('reads the seat again, and shows it released when the server did release it', async () => {
    let released = false;
    const calls = answerApi({
      ...webinars,
      'GET cancel-seat': () => seatInfo(released ? 'cancelled' : 'reserved'),
      // the server released it, and the answer never came back
      'POST cancel-seat': () => {
        released = true;
        return 'offline';
      },
    });
    await release();
    await waitFor(() => expect(window.location.pathname).toBe('/webinars'));
    // the first read, the one after the lost answer (and the refresh of a released seat)
    expect(calls.filter((c) => c.key === 'GET cancel-seat').length).toBeGreaterThanOrEqual(2);
    // (sent again twice by itself, as the same intent, before the re-read settles it)
    expect(new Set(calls.filter((c) => c.key === 'POST cancel-seat').map((c) => c.idempotencyKey)).size).toBe(1);
    // the webinar list, saying so; no failure left on screen
    expect(await screen.findByText('Your seat has been released.')).toBeTruthy();
    expect(screen.queryByText(NETWORK_ERROR)).toBeNull();
  });

  it('says the connection failed when the seat is still held, and Try again sends the same intent', async () => {
    let answer: Answer = 'offline';
    const calls = answerApi({ ...webinars, 'GET cancel-seat': seatInfo('reserved'), 'POST cancel-seat': () => answer });
    await release();
    expect(await findText(NETWORK_ERROR)).toBeTruthy();
    answer = ok({ status: true });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(window.location.pathname).toBe('/webinars'));
    // three tries before the failure was said (the app's own two), then the student's: one intent, one key
    const posts = calls.filter((c) => c.key === 'POST cancel-seat');
    expect(posts).toHaveLength(4);
    expect(new Set(posts.map((c) => c.idempotencyKey)).size).toBe(1);
  });
});
