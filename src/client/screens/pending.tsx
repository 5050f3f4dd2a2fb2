// /pending/{page?} (alias /exams/{page?}), 'CE in Progress' (spec §2): 'Pending exams: N', paged, a
// Classroom button per row, credits with the CE type. The empty text is §2's (decisions.md: §2 wins over §8's
// 'All exams completed.'), and the pagination shows from one page on (spec §9: "on pending, more than 0").
import { Link, useParams } from 'wouter';
import { ClassRow } from '../components/content/class-rows.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { STEP_NAMES } from '../features/learning/components/course-steps.tsx';
import { usePending } from '../features/my-ce/api/get-pending.ts';

export default function PendingScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = usePending(String(page - 1));
  return (
    <Screen refresh title="CE in Progress">
      <PagedList
        query={list}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.pending(n)}
        listError={false}
        paginationFrom={1}
        empty="You currently do not have any classes in progress."
        label="CE in progress pages"
        header={(data) => <p className="list-count">Pending exams: {data.totalRows}</p>}
        renderItem={(item, i) => (
          <ClassRow
            key={item.hash}
            item={item}
            eager={i < 2}
            next={item.next && STEP_NAMES[item.next]}
            actions={
              <Link className="button button-small" href={paths.classroom(item.hash)} aria-label={`Classroom: ${item.className}`}>
                Classroom
              </Link>
            }
          />
        )}
      />
    </Screen>
  );
}
