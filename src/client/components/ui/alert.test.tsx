// A failed action says what happened (issue 21): a screen's one text (Profile's 'Service error.') stands for the
// server's answers, never for no answer at all; Try again is offered where a second try may pass, and sends
// the action again with what it was sent with.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderIn, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { CHECKING } from '../../lib/messages.ts';
import { MutationError } from './alert.tsx';

let client = new QueryClient();
const render = (ui: ReactNode) => {
  client = new QueryClient();
  return renderIn(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
};

const failed = (error: ApiError) => ({ isError: true, error, reset: vi.fn(), variables: { name: 'Jordan' }, mutate: vi.fn() });

describe('a failed action', () => {
  it('with no answer says so, whatever the screen’s one text, and Try again sends it again', () => {
    const mutation = failed(new ApiError(0, 'network', NETWORK_ERROR));
    render(<MutationError mutation={mutation} fallback="Service error." message="Service error." />);
    expect(screen.getByRole('alert').textContent).toContain(NETWORK_ERROR);
    expect(screen.queryByText('Service error.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mutation.mutate).toHaveBeenCalledWith({ name: 'Jordan' });
  });

  it('refused by the server shows the screen’s text, with no Try again (the server’s word is final)', () => {
    render(<MutationError mutation={failed(new ApiError(400, 'refused', 'Nope.'))} fallback="Service error." message="Service error." />);
    expect(screen.getByRole('alert').textContent).toContain('Service error.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('that the server failed (5xx) may pass on a second try', () => {
    render(<MutationError mutation={failed(new ApiError(500, 'broken', null))} fallback="System Error.  Try again later." />);
    expect(screen.getByRole('alert').textContent).toContain('System Error.  Try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('with no answer, says it is checking while what the write changes is read again, then the failure with Try again', async () => {
    const lost = Object.assign(new ApiError(0, 'network', NETWORK_ERROR), { path: 'profile' });
    let answer: (value: unknown) => void = () => undefined;
    render(<MutationError mutation={failed(lost)} fallback="Service error." />);
    // the re-read the table of query effects starts for a lost profile save
    const reread = client.fetchQuery({ queryKey: ['api', 'profile', null], queryFn: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText(CHECKING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await act(async () => {
      answer({ status: true });
      await reread;
    });
    expect((await screen.findByRole('alert')).textContent).toContain(NETWORK_ERROR);
    expect(screen.queryByText(CHECKING)).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('with no answer, is not checking when an unrelated read is on its way', async () => {
    const lost = Object.assign(new ApiError(0, 'network', NETWORK_ERROR), { path: 'profile' });
    render(<MutationError mutation={failed(lost)} fallback="Service error." />);
    void client.fetchQuery({ queryKey: ['api', 'ondemand', null], queryFn: () => new Promise(() => undefined) });
    await act(() => Promise.resolve());
    expect(screen.queryByText(CHECKING)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain(NETWORK_ERROR);
  });
});
