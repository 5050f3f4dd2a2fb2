// The footer's support address is the server's SUPPORT_EMAIL (from /api/health), not one built into the app.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, failures, ok } from '../../test/api-stub.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SiteFooter } from './site-footer.tsx';

const health = (supportEmail: string) => ok({ status: true, version: '0.9.5', build: 54, database: 'sqlite', serverTime: '2026-11-25T15:00:00.000Z', supportEmail });

const renderFooter = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <SiteFooter />
    </QueryClientProvider>,
  );

describe('the footer', () => {
  it("shows the deployment's support address", async () => {
    answerApi({ 'GET health': health('help@clinic.example') });
    renderFooter();
    const link = await screen.findByRole('link', { name: 'help@clinic.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@clinic.example');
    expect(screen.queryByText('support@cepass.example')).toBeNull();
  });

  it('offers the support form, and no made-up address, when the server cannot say', async () => {
    const calls = answerApi({ 'GET health': failures.offline });
    renderFooter();
    expect(screen.getByRole('link', { name: 'Support form' })).toBeTruthy();
    expect(screen.getByText(/CE Pass version 0\.9\.5 build 54/)).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['api', 'health', null])?.status).toBe('error'));
    expect(calls.map((c) => c.key)).toEqual(['GET health']);
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});
