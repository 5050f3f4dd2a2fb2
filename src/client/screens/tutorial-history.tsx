// /tutorial-history/{page?}, 'Viewed Tutorials' (spec §2): 'Classes: N', paged; empty with a button to /tutorials.
import { Link, useParams } from 'wouter';
import { ContentRow, Detail } from '../components/content/content-row.tsx';
import { PagedList } from '../components/content/paged-list.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { isCanonicalPage, pageParam, paths } from '../config/paths.ts';
import { formatDate } from '#shared/domain/format';
import { useTutorialHistory } from '../features/my-ce/api/get-tutorial-history.ts';

export default function TutorialHistoryScreen() {
  const rawPage = useParams<{ page?: string }>().page;
  const page = pageParam(rawPage);
  const list = useTutorialHistory(String(page - 1));
  const empty = list.data && list.data.totalRows === 0;
  return (
    <Screen refresh title="Viewed Tutorials">
      <PagedList
        query={list}
        ads={list.data?.mobileAds}
        page={page}
        canonical={isCanonicalPage(rawPage)}
        href={(n) => paths.tutorialHistory(n)}
        listError={false}
        empty="No viewed tutorials."
        label="Viewed tutorial pages"
        header={(data) => <p className="list-count">Classes: {data.totalRows}</p>}
        renderItem={(item, i) => (
          <ContentRow key={item.hash} title={item.className} href={paths.classroom(item.hash)} photo={item.photo} eager={i < 2}>
            <Detail>Company: {item.sponsorCompanyName ?? '—'}</Detail>
            <Detail>Release date: {formatDate(item.releaseDateUTC)}</Detail>
          </ContentRow>
        )}
      />
      {empty && (
        <Link className="button" href={paths.tutorials()}>
          Product Training
        </Link>
      )}
    </Screen>
  );
}
