// /completed/{page?} (alias /completed-exams/{page?}), 'CE Completed' (spec §2): 'Completed exams: N', tabs
// 'Webinars (n)' (default) and 'Podcasts (n)', rows with credits, CE type and a Proof of CE button.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { ContentRow, Detail } from '../components/content/content-row.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { Alert, MutationError } from '../components/ui/alert.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { errorMessage } from '../lib/api.ts';
import { formatCreditsWithType, formatDate } from '#shared/domain/format';
import { sendCertificate } from '../features/account/api/send-cert.ts';
import { useCompletedCounts } from '../features/my-ce/api/get-completed.ts';
import { useCompletedPodcasts } from '../features/my-ce/api/get-completed-podcasts.ts';
import { useCompletedWebinars } from '../features/my-ce/api/get-completed-webinars.ts';

type Tab = 'webinars' | 'podcasts';

export default function CompletedScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const [tab, setTab] = useState<Tab>('webinars');
  const counts = useCompletedCounts();
  const webinars = useCompletedWebinars(String(page - 1), tab === 'webinars');
  const podcasts = useCompletedPodcasts(String(page - 1), tab === 'podcasts');
  // the Proof of CE dialog comes with the certificates issue; for now the button e-mails the certificate
  const cert = useMutation({ mutationFn: (item: { c?: string; p?: string }) => sendCertificate(item) });

  const proofButton = (item: { c?: string; p?: string }, title: string) => (
    <button type="button" className="button button-small button-secondary" disabled={cert.isPending} onClick={() => cert.mutate(item)} aria-label={`Proof of CE: ${title}`}>
      Proof of CE
    </button>
  );

  const c = counts.data?.data[0];
  return (
    <Screen title="CE Completed">
      {counts.isPending ? (
        <Loading />
      ) : counts.isError ? (
        <Alert tone="danger">{errorMessage(counts.error, 'System Error.  Unable to retrieve data.')}</Alert>
      ) : !c || c.cntWebinars + c.cntPodcasts === 0 ? (
        <p className="empty">No CE completed.</p>
      ) : (
        <>
          <p className="list-count">Completed exams: {c.cntWebinars + c.cntPodcasts}</p>
          <div className="tabs" role="group" aria-label="Completed CE by kind">
            <button type="button" className="tab" aria-pressed={tab === 'webinars'} onClick={() => setTab('webinars')}>
              Webinars ({c.cntWebinars})
            </button>
            <button type="button" className="tab" aria-pressed={tab === 'podcasts'} onClick={() => setTab('podcasts')}>
              Podcasts ({c.cntPodcasts})
            </button>
          </div>
          {cert.isSuccess && <Alert tone="success">Check your email inbox for the Proof of CE certificate.</Alert>}
          <MutationError mutation={cert} fallback={'Service error.'} />
          {tab === 'webinars' ? (
            <PagedList
              query={webinars}
              page={page}
        canonical={isCanonicalPage(rawPage)}
              href={(n) => paths.completed(n)}
              listError={false}
              empty="No training completed."
              label="Completed webinar pages"
              renderItem={(item, i) => (
                <ContentRow key={item.hash} title={item.className} href={paths.classroom(item.hash)} photo={item.photo} eager={i < 2} actions={proofButton({ c: item.hash }, item.className)}>
                  <Detail label="Completed">{formatDate(item.examDate)}</Detail>
                  <Detail>{formatCreditsWithType(item.credits, item.ceTypeId, item.creditName)}</Detail>
                </ContentRow>
              )}
            />
          ) : (
            <PagedList
              query={podcasts}
              page={page}
        canonical={isCanonicalPage(rawPage)}
              href={(n) => paths.completed(n)}
              listError={false}
              empty="No podcasts completed."
              label="Completed podcast pages"
              renderItem={(item, i) => (
                <ContentRow shape="square" key={item.hash} title={item.title} href={paths.podcast(item.podcastShowHash, item.hash)} photo={item.photo} eager={i < 2} actions={proofButton({ p: item.hash }, item.title)}>
                  <Detail label="Completed">{formatDate(item.examDate)}</Detail>
                  <Detail>{formatCreditsWithType(item.credits, item.ceTypeId)}</Detail>
                </ContentRow>
              )}
            />
          )}
        </>
      )}
    </Screen>
  );
}
