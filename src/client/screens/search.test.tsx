// Search while typing (docs/decisions/0012-search-while-typing.md): results come once the typing pauses, grouped
// by kind with counts; the URL follows the field without a history entry per keystroke; a keyword too short to
// search asks for nothing and says so; an empty answer and a failed one show spec §8's texts.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WAITING_FOR_NETWORK } from '../components/ui/loading.tsx';
import { answerApi, failures, ok, type Answer } from '../test/api-stub.ts';
import { ebook, listItem } from '../test/fixtures.ts';
import { findText, queryText, renderAt } from '../test/render.tsx';

const NOTHING = { status: false, featuredClass: null, featuredPodcast: null, featuredHash: null };
const section = <T,>(data: T[], totalRows = data.length) => ({ status: true, rowCount: data.length, totalRows, pageSize: 6, page: 0, data });

/** the answer for `q`: 'fluo' finds one of each kind, anything else nothing */
const answerFor = (q: string | null): Answer =>
  ok(
    q === 'fluo'
      ? {
          status: true,
          webinars: { ...section([listItem({ hash: 'w1', className: 'Caries Risk Live', typeId: 20 })]), seats: [] },
          classes: section([listItem({ hash: 'c1', className: 'Fluoride Varnish Across the Lifespan' })], 3),
          podcasts: section([]),
          tutorials: section([listItem({ hash: 't1', className: 'Applying Varnish Unit Doses' })]),
          ebooks: section([ebook({ title: 'The Chairside Caries Risk Guide' })]),
          featuredContent: NOTHING,
        }
      : { status: true, webinars: { ...section([]), seats: [] }, classes: section([]), podcasts: section([]), tutorials: section([]), ebooks: section([]), featuredContent: NOTHING },
  );

/** answers /api/search by its q and records every q asked for ('' for none) */
function answerSearch(answer: (q: string | null) => Answer = answerFor) {
  answerApi({ 'GET search-items': ok({ status: true, smallWords: [], catList: [], companyList: [] }) });
  const table = globalThis.fetch;
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname !== '/api/search') return table(input, init);
    const q = url.searchParams.get('q');
    asked.push(q ?? '');
    const a = answer(q);
    if (a === 'offline') throw new TypeError('Failed to fetch');
    return new Response('json' in a ? JSON.stringify(a.json) : a.text, { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const field = () => screen.getByRole('searchbox', { name: 'Search' });
/** types `text` one character at a time, as fast as events go: no pause the debounce would take for a search */
const type = (text: string) => {
  for (let i = 1; i <= text.length; i++) fireEvent.change(field(), { target: { value: text.slice(0, i) } });
};

describe('search while typing', () => {
  it('shows the results grouped by kind, with counts, once the typing pauses, and asks only for the last keyword', async () => {
    const asked = answerSearch();
    await renderAt('/search', { loggedIn: false });
    await findText('No results found for this search.');
    const entries = window.history.length;
    type('fluo');
    expect(await screen.findByRole('heading', { name: 'eBooks (1)' })).toBeTruthy();
    for (const heading of ['Live Webinars (1)', 'On-Demand (3)', 'Product Training (1)']) expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /^Podcasts/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('6 results for “fluo”');
    expect(within(screen.getByRole('heading', { name: 'Product Training (1)' }).closest('section')!).getByText('Applying Varnish Unit Doses')).toBeTruthy();
    // the unfiltered page first, then one search for the whole keyword: 'f', 'fl' and 'flu' never left the field
    expect(asked).toEqual(['', 'fluo']);
    expect(window.location.search).toBe('?q=fluo');
    expect(window.history.length).toBe(entries);
  });

  it('asks for nothing while the keyword is too short, and says so; 3m is searched (spec §5)', async () => {
    const asked = answerSearch();
    await renderAt('/search?q=fluo', { loggedIn: false });
    await screen.findByRole('heading', { name: 'eBooks (1)' });
    fireEvent.change(field(), { target: { value: 'fl' } });
    expect(await findText('Enter at least 3 characters.')).toBeTruthy();
    expect(field().getAttribute('aria-describedby')).toContain(screen.getByText('Enter at least 3 characters.').id);
    // once the typing pauses the URL says 'fl', and the results of 'fluo' no longer stand under the field
    await vi.waitFor(() => expect(window.location.search).toBe('?q=fl'));
    expect(screen.queryByRole('heading', { name: 'eBooks (1)' })).toBeNull();
    fireEvent.change(field(), { target: { value: '3m' } });
    await findText('No results found for this search.');
    expect(screen.getByText('Enter at least 3 characters.').hidden).toBe(true);
    expect(asked).toEqual(['fluo', '3m']);
  });

  it('Escape clears the field and the search', async () => {
    const asked = answerSearch();
    await renderAt('/search?q=fluo', { loggedIn: false });
    await screen.findByRole('heading', { name: 'eBooks (1)' });
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect((field() as HTMLInputElement).value).toBe('');
    await vi.waitFor(() => expect(window.location.search).toBe(''));
    await findText('No results found for this search.');
    expect(asked).toEqual(['fluo', '']);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('from home, typing opens the results on /search with the field still focused', async () => {
    answerApi({
      'GET home': ok({ status: true, webinars: { status: true, data: [], seats: [] }, classes: { status: true, data: [] }, podcasts: { status: true, data: [] }, featuredContent: NOTHING }),
    });
    const home = globalThis.fetch;
    answerSearch();
    const withHome = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input instanceof Request ? input.url : input).includes('/api/home') ? home(input, init) : withHome(input, init)));
    await renderAt('/home', { loggedIn: false });
    (await screen.findByRole('searchbox', { name: 'Search' })).focus();
    type('fl');
    // too short to leave home for
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(window.location.pathname).toBe('/home');
    type('fluo');
    expect(await screen.findByRole('heading', { name: 'eBooks (1)' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/search?q=fluo');
    expect(document.activeElement).toBe(field());
  });

  it.each<[string, Answer, string]>([
    // a search never made cannot be shown from the device: the screen says it needs a connection
    ['no network', failures.offline, WAITING_FOR_NETWORK],
    ['a server error', failures.serverError, 'System error - contact tech support.'],
    ['an unreadable answer', failures.unreadable, 'System error - contact tech support.'],
  ])('says so on %s', async (_, failure, text) => {
    answerSearch(() => failure);
    await renderAt('/search?q=fluo', { loggedIn: false });
    expect(await findText(text)).toBeTruthy();
    expect(queryText('No results found for this search.')).toBeNull();
  });
});
