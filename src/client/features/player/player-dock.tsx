// Where the player lives in the shell: mounted once by PageShell, outside every route's boundary, so a route
// change never remounts it. It restores the last episode once the first view is up, and loads the mini player
// only when there is something to show: nothing of the player sits on a screen's critical path.
import { lazy, Suspense, useEffect } from 'react';
import { restorePlayer, useNowPlaying } from './now-playing.ts';

const MiniPlayer = lazy(() => import('./mini-player.tsx'));

export function PlayerDock() {
  const hasEpisode = useNowPlaying((s) => s.episode !== null);
  const said = useNowPlaying((s) => s.said);
  useEffect(() => {
    void restorePlayer();
  }, []);
  // the page keeps room for the bar above the tab bar (phone-shell.css --bottom-chrome)
  useEffect(() => {
    document.documentElement.classList.toggle('has-player', hasEpisode);
  }, [hasEpisode]);
  return (
    <>
      {/* a row's Up Next button changes only its icon: this says what it did, on any screen, with or without a player */}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {hasEpisode && (
        <Suspense fallback={null}>
          <MiniPlayer />
        </Suspense>
      )}
    </>
  );
}
