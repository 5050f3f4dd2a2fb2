// /queue/{page?}, 'Watch Later' (spec §2, §4): paged; each row's toggle takes the class off the list, and the
// list drops the row and recomputes its count at once, before the reload refills the page from the next one.
// Podcast episodes on the list (decisions.md "Podcast episodes in Watch Later") come first on page 1, each with
// its own Remove and a link to the episode; the count is classes and episodes together.
import { useRef, type ReactNode, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link, Redirect, useParams } from 'wouter';
import type { QueuedPodcast } from '#shared/api/my-ce';
import { ClassRow, PodcastRow } from '../components/content/class-rows.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { useQueue } from '../features/my-ce/api/get-queue.ts';
import { setWatchLater, useWatchLaterChanges } from '../features/watch-later/watch-later-store.ts';

const EMPTY = 'Your watch later list is empty. Add to this list by tapping the + button after selecting a webinar or product video.';
/** what is taken off: a class (c) or an episode (p) */
type Removal = { c: string } | { p: string };

export default function QueueScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = useQueue(String(page - 1));
  const count = useRef<HTMLParagraphElement>(null);
  // the device's own decisions (issue 16) over the server's list: a removal shows at once and offline, an add
  // taken here and not yet on the server is listed apart until it is
  const changes = useWatchLaterChanges(list.dataUpdatedAt);
  const remove = useMutation({
    mutationFn: ({ ref, title }: { ref: Removal; title: string }) =>
      setWatchLater(ref, false, { title, href: 'c' in ref ? paths.classroom(ref.c) : paths.queue() }),
    onSuccess: () => {
      // the focused button went with its row: the new count is where the keyboard continues, and what is read
      requestAnimationFrame(() => count.current?.focus());
    },
  });
  const removing = remove.isPending;
  const removeButton = (r: Removal, title: string) => (
    <button type="button" className="button button-small button-secondary" disabled={removing} onClick={() => remove.mutate({ ref: r, title })} aria-label={`Remove from Watch Later: ${title}`}>
      <span aria-hidden="true">− </span>Remove
    </button>
  );

  const data = list.data;
  const removedHere = (k: string) => changes.removed.has(k);
  const serverEpisodes = data?.podcasts.data ?? [];
  const episodesRemoved = serverEpisodes.filter((item) => removedHere(`p:${item.hash}`)).length;
  const episodes = page === 1 ? serverEpisodes.filter((item) => !removedHere(`p:${item.hash}`)) : [];
  const podcastTotal = (data?.podcasts.totalRows ?? 0) - episodesRemoved;
  const classesRemoved = (data?.data ?? []).filter((item) => removedHere(`c:${item.hash}`)).length;
  const countLine = (classes: number) => <CountLine ref={count} total={classes - classesRemoved + podcastTotal + changes.added.length} />;
  const addedHere = changes.added.length > 0 && page === 1 && <AddedHere items={changes.added} />;
  const episodeSection = episodes.length > 0 && <Episodes items={episodes} action={(item) => removeButton({ p: item.hash }, item.title)} />;
  // with episodes and no classes, the list is not empty: its empty text would be wrong, and so would pages
  const episodesOnly = data !== undefined && !list.isPlaceholderData && data.totalRows === 0 && podcastTotal > 0;

  return (
    <Screen refresh title="Watch Later">
      {/* beside the player's Up Next, two lists: which is which (a phone walk could not tell) */}
      <p className="hint">Your account's list of classes and episodes to take later, on every device you log in on.</p>
      <MutationError mutation={remove} fallback={remove.variables && 'p' in remove.variables.ref ? 'Error trapped while removing episode.' : 'Error trapped while removing class.'} />
      {/* with no list from the server (never seen, and no connection), what was added here still shows */}
      {data === undefined && addedHere}
      {episodesOnly && page !== 1 ? (
        <Redirect to={paths.queue(1)} replace />
      ) : episodesOnly ? (
        <div className="paged-list">
          {countLine(0)}
          {addedHere}
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
              {addedHere}
              {episodeSection}
              {episodeSection && <h2>Classes</h2>}
            </>
          )}
          skip={(item) => removedHere(`c:${item.hash}`)}
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

/** added on this device and not yet on the server's list (offline): listed apart, with where each leads */
function AddedHere({ items }: { items: { key: string; title: string; href: string }[] }) {
  return (
    <section className="home-section" aria-labelledby="queue-added-here">
      <h2 id="queue-added-here">Added on this device</h2>
      <p className="hint">Saved here, and added to your list as soon as CE Pass can be reached.</p>
      <ul className="outbox-list">
        {items.map((item) => (
          <li key={item.key}>
            <Link href={item.href}>{item.title}</Link>
          </li>
        ))}
      </ul>
    </section>
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
