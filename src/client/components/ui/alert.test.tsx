// A failed action says what happened (issue 21): a screen's one text (Profile's 'Service error.') stands for the
// server's answers, never for no answer at all; Try again is offered where a second try may pass, and sends
// the action again with what it was sent with.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { MutationError } from './alert.tsx';

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
});
