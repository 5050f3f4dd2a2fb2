// The e-book download record (spec §8): its failure is shown on the library page (the server's errorMsg or
// 'System Error from Save Book Response.') instead of being swallowed, and the PDF opens in its tab regardless.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR } from '../lib/api.ts';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { ebook } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';

const BOOK_ERROR = 'System Error from Save Book Response.';

/** the tab window.open gives the click: where it is sent is where the PDF opens */
const openTab = () => {
  const tab = { opener: window as unknown, location: { href: 'about:blank' } };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
};

async function getBook(record: Answer) {
  const calls = answerApi({ 'GET books': ok({ status: true, rowCount: 1, data: [ebook()] }), 'POST book-response-mvp': record });
  const { tab, open } = openTab();
  await renderAt('/ebooks');
  fireEvent.click(await screen.findByRole('button', { name: 'Get eBook: The Hygienist’s Guide to Sealants' }));
  return { calls, tab, open };
}

describe('getting an e-book', () => {
  it.each<[string, Answer, string]>([
    ['a refusal with a reason', failures.refusedWithMessage('E-book downloads are paused.', 403), 'E-book downloads are paused.'],
    ['a refusal without a reason', failures.refused, BOOK_ERROR],
    ['a server error', failures.serverError, BOOK_ERROR],
    ['an unreadable answer', failures.unreadable, BOOK_ERROR],
    ['no network', failures.offline, NETWORK_ERROR],
  ])('says the record failed on %s, and still opens the PDF', async (_, failure, text) => {
    const { calls, tab, open } = await getBook(failure);
    expect(await findText(text)).toBeTruthy();
    await waitFor(() => expect(tab.location.href).toBe('/media/ebooks/sealants.pdf'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.find((c) => c.key === 'POST book-response-mvp')?.body).toMatchObject({ h: 'book1' });
  });

  it('opens the PDF without an error when the record succeeds', async () => {
    const { tab } = await getBook(ok({ status: true }));
    await waitFor(() => expect(tab.location.href).toBe('/media/ebooks/sealants.pdf'));
    expect(queryText(BOOK_ERROR)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
