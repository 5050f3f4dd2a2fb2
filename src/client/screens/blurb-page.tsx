// /terms and /privacy: a content blurb loaded by code and shown through the allowlist sanitiser (spec §2).
import { Alert } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { errorMessage } from '../lib/api.ts';
import { sanitizeHtml } from '../lib/sanitize-html.tsx';
import { useBlurb } from '../features/catalog/api/get-blurb.ts';

export function BlurbPage({ code, title }: { code: string; title: string }) {
  const blurb = useBlurb(code);
  return (
    <Screen title={title}>
      {blurb.isPending ? (
        <Loading />
      ) : blurb.isError ? (
        <Alert tone="danger">{errorMessage(blurb.error)}</Alert>
      ) : (
        <div className="prose">{sanitizeHtml(blurb.data.data[0]?.blurb ?? '')}</div>
      )}
    </Screen>
  );
}
