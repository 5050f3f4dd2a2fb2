// Renders the app's real routes (lazy screens, auth guard, redirects) at a path, with the app's query client,
// optionally as a logged-in student: what a user would see at that address, minus the page shell.
import { QueryClientProvider } from '@tanstack/react-query';
import { getDefaultNormalizer, render, screen } from '@testing-library/react';
import { AppRoutes } from '../app/router.tsx';
import { queryClient } from '../lib/query-client.ts';
import { useSessionStore, whenSessionHydrated } from '../features/session/stores/session-store.ts';

export const STUDENT = { hash: 'stu-jordan', name: 'Jordan Rivera', email: 'jordan@example.com' };

export async function renderAt(path: string, { loggedIn = true }: { loggedIn?: boolean } = {}) {
  await whenSessionHydrated();
  if (loggedIn) useSessionStore.getState().setSession(STUDENT);
  window.history.replaceState(null, '', path);
  return render(
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>,
  );
}

/** the element showing exactly this text, spaces as written (spec §8 texts carry double spaces that matter) */
export const findText = (text: string) => screen.findByText(text, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) });
export const queryText = (text: string) => screen.queryByText(text, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) });
