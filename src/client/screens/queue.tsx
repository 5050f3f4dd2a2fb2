// /queue/{page?}, 'Watch Later' (spec §2, §4): paged; each row's toggle takes the class off the list, and the
// list drops the row and recomputes its count at once, before the reload refills the page from the next one.
// Podcast episodes on the list (decisions.md "Podcast episodes in Watch Later") come first on page 1, each with
// its own Remove and a link to the episode; the count is classes and episodes together.
import { useRef, type ReactNode, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Redirect, useParams } from 'wouter';
import { getClass } from '#shared/api/classes';
import { getQueue, type QueuedPodcast } from '#shared/api/my-ce';
import { getPodcast } from '#shared/api/podcasts';
import { ClassRow, PodcastRow } from '../components/content/class-rows.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { apiQuery } from '../lib/query-client.ts';
import { useQueue } from '../features/my-ce/api/get-queue.ts';
import { removeFromQueue, removePodcastFromQueue } from '../features/classes/api/remove-queue.ts';

const EMPTY = 'Your watch later list is empty. Add to this list by tapping the + button after selecting a webinar or product video.';
/** what is taken off: a class (c) or an episode (p) */
type Removal = { c: string } | { p: string };

export default function QueueScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = useQueue(String(page - 1));
  const queryClient = useQueryClient();
  const count = useRef<HTMLParagraphElement>(null);
  const remove = useMutation({
    mutationFn: (r: Removal) => ('c' in r ? removeFromQueue(r.c) : removePodcastFromQueue(r.p)),
    onSuccess: (_, r) => {
      queryClient.setQueryData(apiQuery(getQueue, { page: String(page - 1) }).queryKey, (old) => {
        if (!old) return old;
        if ('p' in r) return { ...old, podcasts: { totalRows: Math.max(0, old.podcasts.totalRows - 1), data: old.podcasts.data.filter((item) => item.hash !== r.p) } };
        return { ...old, data: old.data.filter((item) => item.hash !== r.c), rowCount: Math.max(0, old.rowCount - 1), totalRows: Math.max(0, old.totalRows - 1) };
      });
      // the other pages shift by one, and the classroom's or the episode's +/− button reads its own answer
      void queryClient.invalidateQueries({ queryKey: ['api', getQueue.path] });
      void queryClient.invalidateQueries({ queryKey: 'c' in r ? apiQuery(getClass, { c: r.c }).queryKey : apiQuery(getPodcast, { p: r.p }).queryKey });
      // the focused button went with its row: the new count is where the keyboard continues, and what is read
      requestAnimationFrame(() => count.current?.focus());
    },
  });
  const removing = remove.isPending;
  const removeButton = (r: Removal, title: string) => (
    <button type="button" className="button button-small button-secondary" disabled={removing} onClick={() => remove.mutate(r)} aria-label={`Remove from Watch Later: ${title}`}>
      <span aria-hidden="true">− </span>Remove
    </button>
  );

  const data = list.data;
  const podcastTotal = data?.podcasts.totalRows ?? 0;
  const episodes = page === 1 ? (data?.podcasts.data ?? []) : [];
  const countLine = (classes: number) => <CountLine ref={count} total={classes + podcastTotal} />;
  const episodeSection = episodes.length > 0 && <Episodes items={episodes} action={(item) => removeButton({ p: item.hash }, item.title)} />;
  // with episodes and no classes, the list is not empty: its empty text would be wrong, and so would pages
  const episodesOnly = data !== undefined && !list.isPlaceholderData && data.totalRows === 0 && podcastTotal > 0;

  return (
    <Screen title="Watch Later">
      <MutationError mutation={remove} fallback={remove.variables && 'p' in remove.variables ? 'Error trapped while removing episode.' : 'Error trapped while removing class.'} />
      {episodesOnly && page !== 1 ? (
        <Redirect to={paths.queue(1)} replace />
      ) : episodesOnly ? (
        <div className="paged-list">
          {countLine(0)}
          {episodeSection}
        </div>
      ) : (
        <PagedList
          query={list}
          page={page}
          canonical={isCanonicalPage(rawPage)}
          href={(n) => paths.queue(n)}
          listError={false}
          empty={EMPTY}
          label="Watch later pages"
          header={(d) => (
            <>
              {countLine(d.totalRows)}
              {episodeSection}
              {episodeSection && <h2>Classes</h2>}
            </>
          )}
          renderItem={(item, i) => <ClassRow key={item.hash} item={item} level={episodeSection ? 3 : 2} eager={i < 2} actions={removeButton({ c: item.hash }, item.className)} />}
        />
      )}
    </Screen>
  );
}

function CountLine({ ref, total }: { ref: RefObject<HTMLParagraphElement | null>; total: number }) {
  return (
    <p ref={ref} tabIndex={-1} className="list-count">
      Watch later: {total}
    </p>
  );
}

/** the queued episodes, under their own heading: the rows' titles are one level below it */
function Episodes({ items, action }: { items: QueuedPodcast[]; action: (item: QueuedPodcast) => ReactNode }) {
  return (
    <section className="home-section" aria-labelledby="queue-episodes">
      <h2 id="queue-episodes">Podcast episodes</h2>
      <ul className="rows">
        {items.map((item, i) => (
          <PodcastRow key={item.hash} item={item} level={3} eager={i < 2} actions={action(item)} />
        ))}
      </ul>
    </section>
  );
}
