// An episode row's Download button, loaded once the page is idle: a list shows its rows without waiting for
// the download control and its store, and its place is held meanwhile (row-download.css), so nothing moves
// when it arrives (docs/decisions/0018-what-was-seen.md: the offline layer stays off the first screen's path).
import { lazy, Suspense } from 'react';
import { WhenIdle } from '../../app/deferred.tsx';
import type { PlayerEpisode } from '../player/episode.ts';
import './row-download.css';

const DownloadButton = lazy(() => import('./download-button.tsx').then((m) => ({ default: m.DownloadButton })));

const place = <span className="download-icon" aria-hidden="true" />;

export function RowDownloadButton({ episode }: { episode: PlayerEpisode }) {
  return (
    <WhenIdle fallback={place}>
      <Suspense fallback={place}>
        <DownloadButton episode={episode} />
      </Suspense>
    </WhenIdle>
  );
}
