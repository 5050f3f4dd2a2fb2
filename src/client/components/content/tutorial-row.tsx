// A product-training tutorial (spec §2 /tutorials): photo, class name, 'Company: {sponsor}' and 'Release date';
// to the classroom. The tutorials list and search results show it alike.
import type { ClassListItem } from '#shared/api/common';
import { paths } from '../../config/paths.ts';
import { ContentRow, Detail } from './content-row.tsx';
import { useShownMoments } from '../../lib/hydration.ts';

export function TutorialRow({ item, level, eager }: { item: ClassListItem; level?: 2 | 3; eager?: boolean }) {
  const moments = useShownMoments();
  return (
    <ContentRow title={item.className} href={paths.classroom(item.hash)} photo={item.photo} badges={[item.examTaken && 'COMPLETED']} level={level} eager={eager}>
      <Detail>Company: {item.sponsorCompanyName ?? '—'}</Detail>
      <Detail>Release date: {moments.date(item.releaseDateUTC)}</Detail>
    </ContentRow>
  );
}
