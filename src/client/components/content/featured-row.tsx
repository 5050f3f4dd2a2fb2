// The featured class or podcast of a list (spec §2 "Featured content"), marked FEATURED; its click is
// logged first-party and never holds up the navigation. A featured episode plays, queues and downloads from its
// row as every episode's row does (decision 0045).
import type { FeaturedContent } from '#shared/api/common';
import { paths } from '../../config/paths.ts';
import { VPAD_SLOT } from '#shared/domain/constants';
import { formatCreditsWithType, formatDuration } from '#shared/domain/format';
import { logFeaturedClick } from '../../features/catalog/api/featured-content-click.ts';
import { ContentRow, Detail } from './content-row.tsx';
import { useShownMoments } from '../../lib/hydration.ts';
import { EpisodeControls } from './class-rows.tsx';

interface FeaturedRowProps {
  featured: FeaturedContent | null | undefined;
  /** which kind the list shows; both when omitted (home, search) */
  kind?: 'class' | 'podcast';
  level?: 2 | 3;
}

export function FeaturedRow({ featured, kind, level = 2 }: FeaturedRowProps) {
  const moments = useShownMoments();
  if (!featured?.status) return null;
  const fc = kind !== 'podcast' ? featured.featuredClass : null;
  const fp = kind !== 'class' && !fc ? featured.featuredPodcast : null;
  if (fc)
    return (
      <ContentRow
        className="row-featured"
        title={fc.className}
        href={paths.classroom(fc.hash)}
        photo={fc.photo}
        badges={['FEATURED', fc.examTaken && 'COMPLETED']}
        level={level}
        eager
        onNavigate={() => logFeaturedClick(VPAD_SLOT.FEATURED_CLASS, fc.hash)}
      >
        <Detail>{fc.name}</Detail>
        <Detail label="Sponsor" secondary>{fc.companyName}</Detail>
        <Detail label="Released">{moments.date(fc.releaseDateUTC)}</Detail>
        <Detail>{formatCreditsWithType(fc.credits, fc.ceTypeId)}</Detail>
        {fc.blurb && <p className="row-blurb">{fc.blurb}</p>}
      </ContentRow>
    );
  if (fp)
    return (
      <ContentRow
        className="row-featured"
        shape="square"
        title={fp.title}
        href={paths.podcast(fp.podcastShowHash, fp.hash)}
        photo={fp.photo}
        badges={['FEATURED', fp.examTaken && 'COMPLETED']}
        level={level}
        eager
        onNavigate={() => logFeaturedClick(VPAD_SLOT.FEATURED_PODCAST, fp.hash)}
        trailing={<EpisodeControls item={fp} />}
      >
        <Detail>{fp.speakerName}</Detail>
        <Detail label="Sponsor" secondary>{fp.companyName}</Detail>
        {/* as an episode's own row has it (class-rows.tsx): the length first */}
        <Detail>
          {fp.durationSec > 0 && <>{formatDuration(fp.durationSec)} · </>}
          {moments.date(fp.releaseDateUTC)}
        </Detail>
        <Detail>{formatCreditsWithType(fp.credits, fp.ceTypeId)}</Detail>
      </ContentRow>
    );
  return null;
}
