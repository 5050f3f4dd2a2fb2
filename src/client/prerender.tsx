// Build time only (scripts/prerender-shells.mjs, decision 0024): the markup the app's first commit shows on a
// route before any data arrives, as a visitor on a phone, rendered from the real components into static HTML.
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app/app.tsx';

/** the inner HTML of #root for `path`, every lazy part it shows loaded, no query answered */
export async function renderShell(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="">
      <App />
    </Router>,
  );
  return new Response(prelude).text();
}
