// What the first screen does not show waits for it: a part made with `later` renders nothing while the screen
// is not mounted or its data is still on its first try, and appears once the data came (or the try failed).
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the gate is made once per page: each test loads a fresh copy of the modules
async function freshModules() {
  vi.resetModules();
  const { later } = await import('./deferred.tsx');
  const { Screen } = await import('../components/ui/screen.tsx');
  const { queryClient } = await import('../lib/query-client.ts');
  return { later, Screen, queryClient };
}

/** a data request the test answers (or fails) when it chooses */
function heldAnswer() {
  let answer: (rows: string[]) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<string[]>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const frames = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 10)))));

describe('later: what the first screen does not show', () => {
  beforeEach(() => window.history.replaceState(null, '', '/home'));

  async function mount(request: Promise<string[]>, retry: { retry: number; retryDelay: number } | { retry: false } = { retry: false }) {
    const { later, Screen, queryClient } = await freshModules();
    queryClient.setDefaultOptions({ queries: retry });
    const load = vi.fn(async () => () => <p>the side part</p>);
    const Part = later(load);
    function Home() {
      const rows = useQuery({ queryKey: ['rows'], queryFn: () => request });
      return <Screen title="Home">{rows.data?.map((r) => <li key={r}>{r}</li>)}</Screen>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Home />
        <Part />
      </QueryClientProvider>,
    );
    return { load };
  }

  it('waits while the screen’s data is on its way, then loads and shows the part once the rows are shown', async () => {
    const data = heldAnswer();
    const { load } = await mount(data.promise);
    await frames();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('the side part')).toBeNull();

    await act(async () => data.answer(['Fluoride varnish']));
    expect(await screen.findByText('the side part')).toBeTruthy();
    expect(screen.getByText('Fluoride varnish')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a retry when the first try found no server: the screen shows its failure, and the part comes', async () => {
    const data = heldAnswer();
    // a second try a minute later: the part does not wait for it
    const { load } = await mount(data.promise, { retry: 1, retryDelay: 60_000 });
    await act(async () => data.fail(new Error('Failed to fetch')));
    expect(await screen.findByText('the side part')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
