// /queue/{page?}, 'Watch Later' (spec §2, §4): paged; each row's toggle takes the class off the list, and the
// list drops the row and recomputes its count at once, before the reload refills the page from the next one.
import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { getClass } from '#shared/api/classes';
import { getQueue } from '#shared/api/my-ce';
import { ClassRow } from '../components/content/class-rows.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { apiQuery } from '../lib/query-client.ts';
import { useQueue } from '../features/my-ce/api/get-queue.ts';
import { removeFromQueue } from '../features/classes/api/remove-queue.ts';

export default function QueueScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = useQueue(String(page - 1));
  const queryClient = useQueryClient();
  const count = useRef<HTMLParagraphElement>(null);
  const remove = useMutation({
    mutationFn: (c: string) => removeFromQueue(c),
    onSuccess: (_, c) => {
      queryClient.setQueryData(apiQuery(getQueue, { page: String(page - 1) }).queryKey, (old) =>
        old ? { ...old, data: old.data.filter((item) => item.hash !== c), rowCount: Math.max(0, old.rowCount - 1), totalRows: Math.max(0, old.totalRows - 1) } : old,
      );
      // the other pages shift by one, and the classroom's +/− button reads the class's own answer
      void queryClient.invalidateQueries({ queryKey: ['api', getQueue.path] });
      void queryClient.invalidateQueries({ queryKey: apiQuery(getClass, { c }).queryKey });
      // the focused button went with its row: the new count is where the keyboard continues, and what is read
      requestAnimationFrame(() => count.current?.focus());
    },
  });
  return (
    <Screen title="Watch Later">
      <MutationError mutation={remove} fallback={'Error trapped while removing class.'} />
      <PagedList
        query={list}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.queue(n)}
        listError={false}
        empty="Your watch later list is empty. Add to this list by tapping the + button after selecting a webinar or product video."
        label="Watch later pages"
        header={(data) => (
          <p ref={count} tabIndex={-1} className="list-count">
            Watch later: {data.totalRows}
          </p>
        )}
        renderItem={(item, i) => (
          <ClassRow
            key={item.hash}
            item={item}
            eager={i < 2}
            actions={
              <button type="button" className="button button-small button-secondary" disabled={remove.isPending} onClick={() => remove.mutate(item.hash)} aria-label={`Remove from Watch Later: ${item.className}`}>
                <span aria-hidden="true">− </span>Remove
              </button>
            }
          />
        )}
      />
    </Screen>
  );
}
