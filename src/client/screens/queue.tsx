// /queue/{page?}, 'Watch Later' (spec §2): paged; each row has a button that removes it from the list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { ClassRow } from '../components/content/class-rows.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { MutationError } from '../components/ui/alert.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { useQueue } from '../features/my-ce/api/get-queue.ts';
import { removeFromQueue } from '../features/classes/api/remove-queue.ts';

export default function QueueScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = useQueue(String(page - 1));
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (c: string) => removeFromQueue(c),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'queue'] }),
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
        header={(data) => <p className="list-count">Watch later: {data.totalRows}</p>}
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
