// Refresh on a list (issue 21): the button loads what is on screen again, in place, and says when it is done or
// could not; in the installed app a pull down from the top of the screen does the same.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { RefreshControl } from './refresh-control.tsx';

function List({ load }: { load: () => Promise<string[]> }) {
  const list = useQuery({ queryKey: ['api', 'ondemand'], queryFn: load, retry: false });
  return <p>{list.data?.join(', ') ?? 'none'}</p>;
}

function renderList(load: () => Promise<string[]>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <RefreshControl />
      <List load={load} />
    </QueryClientProvider>,
  );
}

const touch = (type: string, y: number) => {
  const event = new Event(type);
  Object.defineProperty(event, 'touches', { value: type === 'touchend' ? [] : [{ clientY: y }] });
  window.dispatchEvent(event);
};

afterEach(() => vi.unstubAllGlobals());

describe('Refresh on a list', () => {
  it('loads the list again in place and announces it', async () => {
    let version = 1;
    const load = vi.fn(async () => [`class v${version}`]);
    renderList(load);
    expect(await screen.findByText('class v1')).toBeTruthy();
    version = 2;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('class v2')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Updated just now.');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says it could not when the list did not load, and keeps what it showed', async () => {
    let fail = false;
    renderList(async () => {
      if (fail) throw new ApiError(0, 'network', NETWORK_ERROR);
      return ['class v1'];
    });
    expect(await screen.findByText('class v1')).toBeTruthy();
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Not updated' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Not updated: unable to reach CE Pass/);
    expect(screen.getByText('class v1')).toBeTruthy();
  });

  it('in the installed app, a pull down from the top refreshes; a short pull does not', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)', addEventListener() {}, removeEventListener() {} }));
    const load = vi.fn(async () => ['class']);
    renderList(load);
    await screen.findByText('class');
    act(() => {
      touch('touchstart', 100);
      touch('touchmove', 130);
      touch('touchend', 0);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(load).toHaveBeenCalledTimes(1);
    act(() => {
      touch('touchstart', 100);
      touch('touchmove', 200);
      touch('touchend', 0);
    });
    expect(await screen.findByText('Updated just now.')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('in a browser tab, leaves the pull to the browser', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    const load = vi.fn(async () => ['class']);
    renderList(load);
    await screen.findByText('class');
    act(() => {
      touch('touchstart', 100);
      touch('touchmove', 250);
      touch('touchend', 0);
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
