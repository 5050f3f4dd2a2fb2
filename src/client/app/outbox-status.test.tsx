// The outbox line and its Details sheet after a walk offline: the line counts what the student did, and the sheet
// lists those actions one by one, with the page views and plays that wait with them said in one line, not a row each.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportPageView } from '../features/support/api/page-view.ts';
import { setWatchLater } from '../features/watch-later/watch-later-store.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';
import { outbox } from '../lib/outbox/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { answerApi, failures, ok } from '../test/api-stub.ts';
import { STUDENT } from '../test/render.tsx';
import { ALL_SENT, OutboxStatus } from './outbox-status.tsx';

const renderLine = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <OutboxStatus />
    </QueryClientProvider>,
  );

/** the student adds a class to Watch Later with the line on screen, the server answering `answer` */
async function addWithLine(answer: Parameters<typeof answerApi>[0][string]) {
  answerApi({ 'POST queue-add': answer });
  await whenSessionHydrated();
  useSessionStore.getState().setSession(STUDENT);
  renderLine();
  await setWatchLater({ c: 'perio101' }, true, { title: 'Periodontal Charting Essentials', href: '/classroom/perio101' });
}

afterEach(() => vi.useRealTimers());

describe('what waits on the device, after a walk offline', () => {
  it('lists the Watch Later added offline, and the page views beside it in one line', async () => {
    answerApi({ 'POST page-view': failures.offline, 'POST queue-add': failures.offline });
    await whenSessionHydrated();
    useSessionStore.getState().setSession(STUDENT);
    for (const path of ['/home', '/podcasts', '/my-ce']) reportPageView(path);
    await setWatchLater({ c: 'perio101' }, true, { title: 'Periodontal Charting Essentials', href: '/classroom/perio101' });
    await waitFor(async () => expect((await outbox.list()).length).toBe(4));

    renderLine();
    expect(await screen.findByText('1 action waiting to be sent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const sheet = await screen.findByRole('dialog', { name: 'Saved on this device' });
    const rows = within(sheet).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.outbox-label')?.textContent)).toEqual(['Add “Periodontal Charting Essentials” to Watch Later']);
    expect(within(sheet).getByText('With them: 3 records of pages you opened and episodes you played.')).toBeTruthy();
    expect(within(sheet).queryByText('Page view')).toBeNull();
    await outbox.discardAll();
  });

  it('says all is sent once what waited has gone to the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await addWithLine(failures.offline);
    expect(await screen.findByText('1 action waiting to be sent')).toBeTruthy();
    expect(screen.queryByText(ALL_SENT)).toBeNull();
    // out of the tunnel a minute later
    vi.setSystemTime(Date.now() + 60_000);
    answerApi({ 'POST queue-add': ok({ status: true, queueId: 5 }) });
    await outbox.replay();
    expect(await screen.findByText(ALL_SENT)).toBeTruthy();
    expect(screen.queryByText('1 action waiting to be sent')).toBeNull();
  });

  it('says nothing of an action sent at once', async () => {
    await addWithLine(ok({ status: true, queueId: 6 }));
    await waitFor(async () => expect(await outbox.list()).toEqual([]));
    // (the line would say it at the render after the send)
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(ALL_SENT)).toBeNull();
  });

  it('says nothing when what waited was discarded, not sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await addWithLine(failures.offline);
    expect(await screen.findByText('1 action waiting to be sent')).toBeTruthy();
    vi.setSystemTime(Date.now() + 60_000);
    await outbox.discardAll();
    await waitFor(() => expect(screen.queryByText('1 action waiting to be sent')).toBeNull());
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(ALL_SENT)).toBeNull();
  });
});
