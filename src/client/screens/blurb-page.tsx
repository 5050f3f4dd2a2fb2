// /terms and /privacy: a content blurb loaded by code and shown through the allowlist sanitiser (spec §2).
import { LoadingAnswer } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { sanitizeHtml } from '../lib/sanitize-html.tsx';
import { useBlurb } from '../features/catalog/api/get-blurb.ts';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';

export function BlurbPage({ code, title }: { code: string; title: string }) {
  const blurb = useBlurb(code);
  return (
    <Screen title={title}>
      {showsFailure(blurb) ? (
        <LoadFailure query={blurb} />
      ) : blurb.data === undefined ? (
        <LoadingAnswer />
      ) : (
        <div className="prose">{sanitizeHtml(blurb.data.data[0]?.blurb ?? '')}</div>
      )}
    </Screen>
  );
}
