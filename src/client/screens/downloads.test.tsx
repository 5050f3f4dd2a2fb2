// /downloads: what the phone keeps, with sizes and the total, delete one or all (after a confirm), the auto-remove
// setting, and an empty state that says what downloads are for; the logout screen offers to remove the episodes.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_CACHE } from '#shared/offline/caches';
import { renderAt } from '../test/render.tsx';
import { DOWNLOADS_EMPTY } from '../lib/messages.ts';
import { useDownloads, whenDownloadsHydrated, type DownloadRecord } from '../features/downloads/downloads-store.ts';

const episode: DownloadRecord = {
  kind: 'episode',
  hash: 'ep-one',
  title: 'Fluoride Varnish: Five Myths',
  url: '/media/audio/podcasts/ep-one.mp3',
  bytes: 2_400_000,
  downloadedAt: Date.UTC(2026, 10, 20),
  ps: 'show-one',
  showTitle: 'The Hygiene Huddle',
  speakerName: 'Maya Okafor',
  photo: '',
  durationSec: 84,
  hasExam: true,
  finishedAt: null,
};
const ebook: DownloadRecord = { ...episode, kind: 'ebook', hash: 'guide', title: 'The Chairside Caries Risk Guide', url: '/media/pdf/ebooks/guide.pdf', bytes: 600_000, ps: '', showTitle: '' };

const deleted: string[] = [];
/** the files the worker's caches hold (the screen tidies away a record whose file is gone) */
let files: Set<string>;

beforeEach(async () => {
  deleted.length = 0;
  files = new Set([episode.url, ebook.url].map((u) => new URL(u, location.href).href));
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      delete: async (url: string | Request) => {
        const href = new URL(typeof url === 'string' ? url : url.url, location.href);
        deleted.push(href.pathname);
        return files.delete(href.href);
      },
      keys: async () => [...files].filter((url) => url.includes(name === AUDIO_CACHE ? '/audio/' : '/pdf/')).map((url) => new Request(url)),
    }),
    delete: async () => true,
    keys: async () => [],
  });
  await whenDownloadsHydrated();
  useDownloads.setState({ items: [], autoRemoveDays: 0, transfers: {} });
});

describe('/downloads', () => {
  it('says what downloads are for when there are none', async () => {
    await renderAt('/downloads');
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads' })).toBeTruthy();
    expect(screen.getByText(DOWNLOADS_EMPTY, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete all downloads' })).toBeNull();
  });

  it('lists episodes and e-books with their sizes and the total; deletes one, and all after a confirm', async () => {
    useDownloads.setState({ items: [episode, ebook] });
    await renderAt('/downloads');
    expect(await screen.findByText('2 downloads, 3.0 MB in all.', { exact: false })).toBeTruthy();
    const section = (name: string) => screen.queryByRole('heading', { level: 2, name })?.closest('section') as HTMLElement | null;
    const episodes = section('Episodes')!;
    expect(within(episodes).getByRole('link', { name: episode.title }).getAttribute('href')).toBe('/podcast/show-one/ep-one');
    expect(within(episodes).getByText(/2\.4 MB · 01:24/)).toBeTruthy();
    expect(within(episodes).getByRole('button', { name: `Play ${episode.title}` })).toBeTruthy();
    const books = section('E-books')!;
    expect(within(books).getByRole('link', { name: ebook.title }).getAttribute('href')).toBe('/media/pdf/ebooks/guide.pdf');

    fireEvent.click(screen.getByRole('button', { name: `Delete download of ${ebook.title}` }));
    await vi.waitFor(() => expect(section('E-books') ?? null).toBeNull());
    expect(deleted).toEqual(['/media/pdf/ebooks/guide.pdf']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete all downloads' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete all downloads' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText(DOWNLOADS_EMPTY, { exact: false })).toBeTruthy();
    expect(useDownloads.getState().items).toEqual([]);
  });

  it('keeps the auto-remove choice', async () => {
    await renderAt('/downloads');
    const group = await screen.findByRole('group', { name: 'Remove episodes after they are heard to the end' });
    expect((within(group).getByRole('radio', { name: 'Never' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'After 7 days' }));
    await vi.waitFor(() => expect(useDownloads.getState().autoRemoveDays).toBe(7));
  });
});

describe('/logout', () => {
  it('offers to remove downloaded episodes, saying how many and how big, only when there are some', async () => {
    await renderAt('/logout');
    await screen.findByRole('button', { name: 'Yes, Log Out' });
    expect(screen.queryByRole('checkbox')).toBeNull();

    useDownloads.setState({ items: [episode, ebook] });
    expect((await screen.findByRole('checkbox', { name: 'Also remove downloads (1 episode, 2.4\u00a0MB)' })).getAttribute('type')).toBe('checkbox');
  });
});
