// Rows for class list items and podcast list items (spec §3), with the labels and click rules of spec §2/§4.
import type { ReactNode } from 'react';
import type { ClassListItem, PodcastListItem } from '#shared/api/common';
import { paths } from '../../config/paths.ts';
import { formatCreditsWithType, formatDuration } from '#shared/domain/format';
import { seatLabel, seatOf } from '#shared/domain/labels';
import { ContentRow, Detail } from './content-row.tsx';
import { useShownMoments } from '../../lib/hydration.ts';
import { PlayButton, UpNextButton } from '../../features/player/play-button.tsx';
import { toPlayerEpisode } from '../../features/player/episode.ts';
import { RowDownloadButton } from '../../features/downloads/row-download-button.tsx';

interface RowOptions {
  level?: 2 | 3;
  eager?: boolean;
}

/**
 * an upcoming live webinar: to the live page when reserved or waitlisted, else to the reservation page; LIVE NOW
 * first while it is under way (the server's flag), so it is read before the seat
 */
export function WebinarRow({ item, seats, level, eager }: RowOptions & { item: ClassListItem; seats?: ReadonlyArray<{ hash: string; isWaiting: boolean }> }) {
  const moments = useShownMoments();
  const seat = seatOf(item.hash, item, seats);
  const label = seatLabel(seat);
  return (
    <ContentRow title={item.className} href={label ? paths.live(item.hash) : paths.reserve(item.hash)} photo={item.photo} badges={[item.inProgress && 'LIVE NOW', label]} level={level} eager={eager}>
      <Detail>{item.speakerName}</Detail>
      <Detail label="Sponsor" secondary>{item.sponsorCompanyName}</Detail>
      <Detail>{moments.dateTime(item.releaseDateUTC)}</Detail>
      <Detail>{formatCreditsWithType(item.credits, item.ceTypeId, item.creditName)}</Detail>
    </ContentRow>
  );
}

/**
 * a class of the student's own lists or the on-demand catalogue: to the classroom; COMPLETED once the exam is taken;
 * LIVE NOW for a webinar under way (CE in Progress holds one entered while it runs); `actions` for the student's lists
 */
/** `next`: the step the student is at (CE in Progress), said as the row's last line */
export function ClassRow({ item, level, eager, actions, next }: RowOptions & { item: ClassListItem; actions?: ReactNode; next?: string }) {
  const moments = useShownMoments();
  return (
    <ContentRow title={item.className} href={paths.classroom(item.hash)} photo={item.photo} badges={[item.inProgress && 'LIVE NOW', item.examTaken && 'COMPLETED']} level={level} eager={eager} actions={actions}>
      <Detail>{item.speakerName}</Detail>
      <Detail label="Sponsor" secondary>{item.sponsorCompanyName}</Detail>
      <Detail label="Released">{moments.date(item.releaseDateUTC)}</Detail>
      <Detail>{formatCreditsWithType(item.credits, item.ceTypeId, item.creditName)}</Detail>
      <Detail label="Next">{next}</Detail>
    </ContentRow>
  );
}

/**
 * a podcast episode: to its series page with the episode chosen; play, Up Next and Download at its end, so an
 * episode plays (or is kept for no signal) from any list; `actions` for the student's own lists
 */
/** `place`: where the student is in the episode, in the line of its length and date (Continue Listening) */
export function PodcastRow({ item, level, eager, actions, place }: RowOptions & { item: PodcastListItem; actions?: ReactNode; place?: ReactNode }) {
  const moments = useShownMoments();
  return (
    <ContentRow shape="square" title={item.title} href={paths.podcast(item.podcastShowHash, item.hash)} photo={item.photo} badges={[item.examTaken && 'COMPLETED']} level={level} eager={eager} actions={actions} trailing={<EpisodeControls item={item} />}>
      <Detail>{item.speakerName}</Detail>
      <Detail label="Sponsor" secondary>{item.sponsorCompanyName}</Detail>
      {/* the length first: what a commuter chooses by, and what a phone's narrow row must not cut */}
      <Detail>
        {place ?? (
          <>
            {item.durationSec > 0 && <>{formatDuration(item.durationSec)} · </>}
            {moments.date(item.releaseDateUTC)}
          </>
        )}
      </Detail>
      <Detail>{formatCreditsWithType(item.credits, item.ceTypeId)}</Detail>
    </ContentRow>
  );
}

/** an episode row's own controls, at its end: Play, Up Next and Download (every list's rows and the featured one) */
export function EpisodeControls({ item }: { item: Parameters<typeof toPlayerEpisode>[0] }) {
  const episode = toPlayerEpisode(item);
  return (
    <>
      <PlayButton episode={episode} />
      <UpNextButton episode={episode} />
      <RowDownloadButton episode={episode} />
    </>
  );
}
