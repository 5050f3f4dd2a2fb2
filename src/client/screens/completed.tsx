// /completed/{page?} (alias /completed-exams/{page?}), 'CE Completed' (spec §2, §4): 'Completed exams: N', tabs
// 'Webinars (n)' (default) and 'Podcasts (n)', rows with credits, CE type and 'Proof of CE', which opens the
// certificate's dialog. The tab is in the query (?tab=podcasts), so a link can open the Podcasts tab.
import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { PlayButton } from '../features/player/play-button.tsx';
import { toPlayerEpisode } from '../features/player/episode.ts';
import { ContentRow, Detail } from '../components/content/content-row.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { ProofOfCeDialog } from '../components/content/proof-of-ce-dialog.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { completedTabFrom, isCanonicalPage, pageParam, paths, type CompletedTab } from '../config/paths.ts';
import { formatCreditsWithType, formatDate } from '#shared/domain/format';
import { ApiError, isUnreachable } from '../lib/api.ts';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';
import { useCompletedCounts } from '../features/my-ce/api/get-completed.ts';
import { useCompletedPodcasts } from '../features/my-ce/api/get-completed-podcasts.ts';
import { useCompletedWebinars } from '../features/my-ce/api/get-completed-webinars.ts';

type Proof = { c: string } | { p: string };

/** spec §8: the server answered without the counts ("unsuccessful"), or the call itself failed ("exception") */
const countsError = (error: unknown): string =>
  error === null || (error instanceof ApiError && error.status !== 0) ? 'API Error.  Unable to retrieve data.' : 'System Error.  Unable to retrieve data.';

function ProofButton({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <button type="button" className="button button-small button-secondary" aria-haspopup="dialog" aria-label={`Proof of CE: ${title}`} onClick={onOpen}>
      Proof of CE
    </button>
  );
}

export default function CompletedScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const tab = completedTabFrom(useSearch());
  const [, navigate] = useLocation();
  const counts = useCompletedCounts();
  const webinars = useCompletedWebinars(String(page - 1), tab === 'webinars');
  const podcasts = useCompletedPodcasts(String(page - 1), tab === 'podcasts');
  const [proof, setProof] = useState<Proof | null>(null);
  // a tab starts at its first page; replacing, so Back leaves CE Completed rather than stepping through tabs
  const select = (next: CompletedTab) => navigate(paths.completed(1, next), { replace: true });

  // no server and nothing kept: the screen needs a connection (lib/offline), not the spec's data error
  const unreachable = showsFailure(counts) && isUnreachable(counts.error ?? counts.failureReason);
  if (counts.isPending && !unreachable)
    return (
      <Screen refresh title="CE Completed">
        <ListSkeleton countLine />
      </Screen>
    );
  const c = counts.data?.data[0];
  return (
    <Screen refresh title="CE Completed">
      {/* a failed reload keeps the counts shown; only a first load that failed, or a refusal, is an error */}
      {unreachable ? (
        <LoadFailure query={counts} />
      ) : !counts.data?.status ? (
        <Alert tone="danger">{countsError(counts.data ? null : counts.error)}</Alert>
      ) : !c || c.cntWebinars + c.cntPodcasts === 0 ? (
        <p className="empty">No CE completed.</p>
      ) : (
        <>
          <p className="list-count">Completed exams: {c.cntWebinars + c.cntPodcasts}</p>
          <Tabs<CompletedTab>
            label="Completed CE"
            tabs={[
              { key: 'webinars', label: `Webinars (${c.cntWebinars})` },
              { key: 'podcasts', label: `Podcasts (${c.cntPodcasts})` },
            ]}
            selected={tab}
            onSelect={select}
          >
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
                  <ContentRow
                    key={item.hash}
                    title={item.className}
                    href={paths.classroom(item.hash)}
                    photo={item.photo}
                    eager={i < 2}
                    actions={<ProofButton title={item.className} onOpen={() => setProof({ c: item.hash })} />}
                  >
                    <Detail>{item.speakerName}</Detail>
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
                href={(n) => paths.completed(n, 'podcasts')}
                listError={false}
                empty="No podcasts completed."
                label="Completed podcast pages"
                renderItem={(item, i) => (
                  <ContentRow
                    shape="square"
                    key={item.hash}
                    title={item.title}
                    href={paths.podcast(item.podcastShowHash, item.hash)}
                    photo={item.photo}
                    eager={i < 2}
                    actions={<ProofButton title={item.title} onOpen={() => setProof({ p: item.hash })} />}
                    // a completed episode can be heard again, to review it
                    trailing={<PlayButton episode={toPlayerEpisode(item)} />}
                  >
                    <Detail>{item.speakerName}</Detail>
                    <Detail label="Completed">{formatDate(item.examDate)}</Detail>
                    <Detail>{formatCreditsWithType(item.credits, item.ceTypeId)}</Detail>
                  </ContentRow>
                )}
              />
            )}
          </Tabs>
          {proof && <ProofOfCeDialog item={proof} onClose={() => setProof(null)} />}
        </>
      )}
    </Screen>
  );
}
