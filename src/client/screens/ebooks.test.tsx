// The e-book download record (spec §8): its failure is shown on the library page (the server's errorMsg or
// 'System Error from Save Book Response.') instead of being swallowed, and the PDF opens all the same. The
// button is a link into a new window (decisions.md): the tap records the download and lets the browser follow
// the link, so the library page itself never goes anywhere.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR } from '../lib/api.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { ebook } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';
import { recordLinkTaps } from '../test/link-taps.ts';

const BOOK_ERROR = 'System Error from Save Book Response.';

const followed = recordLinkTaps();

async function getBook(record: Answer) {
  const calls = answerApi({ 'GET books': ok({ status: true, rowCount: 1, data: [ebook()] }), 'POST book-response-mvp': record });
  await renderAt('/ebooks');
  const link = await screen.findByRole('link', { name: 'Get eBook: The Hygienist’s Guide to Sealants' });
  fireEvent.click(link);
  return { calls, link };
}

describe('a visitor getting an e-book', () => {
  it('goes to log in, and the login screen says why it came up', async () => {
    const calls = answerApi({ 'GET books': ok({ status: true, rowCount: 1, data: [ebook()] }) });
    await renderAt('/ebooks', { loggedIn: false });
    fireEvent.click(await screen.findByRole('link', { name: 'Get eBook: The Hygienist’s Guide to Sealants' }));
    expect(await findText('Please log in to continue.')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('rurl')).toBe('/ebooks');
    expect(calls.map((c) => c.key)).not.toContain('POST book-response-mvp');
  });
});

describe('getting an e-book', () => {
  it('is a link to the PDF in a new window, without the opener, and the tap records the download', async () => {
    const { calls, link } = await getBook(ok({ status: true }));
    expect(link.getAttribute('href')).toBe('/media/ebooks/sealants.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(followed).toEqual([true]);
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST book-response-mvp').map((c) => c.body)).toEqual([{ h: 'book1' }]));
    expect(queryText(BOOK_ERROR)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // the app's page stayed where it was
    expect(window.location.pathname).toBe('/ebooks');
  });

  it.each<[string, Answer, string]>([
    ['a refusal with a reason', failures.refusedWithMessage('E-book downloads are paused.', 403), 'E-book downloads are paused.'],
    ['a refusal without a reason', failures.refused, BOOK_ERROR],
    ['a server error', failures.serverError, BOOK_ERROR],
    ['an unreadable answer', failures.unreadable, BOOK_ERROR],
    ['no network', failures.offline, NETWORK_ERROR],
  ])('says the record failed on %s, and the PDF opened regardless', async (_, failure, text) => {
    const { calls } = await getBook(failure);
    expect(await findText(text)).toBeTruthy();
    expect(followed).toEqual([true]);
    expect(calls.find((c) => c.key === 'POST book-response-mvp')?.body).toMatchObject({ h: 'book1' });
    expect(window.location.pathname).toBe('/ebooks');
  });
});
