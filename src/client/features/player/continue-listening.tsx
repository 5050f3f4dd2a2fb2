// Home's "Continue listening": the student's started episodes not yet played (GET /api/listening, so it follows
// the student to another device), each with where it stopped and its play button, which resumes there. Nothing for a
// visitor or when nothing is started; it sits below the first screen, so its arrival moves nothing in view.
import { PodcastRow } from '../../components/content/class-rows.tsx';
import { useListening } from '../podcasts/api/get-listening.ts';
import { EpisodeProgress } from './episode-progress.tsx';
import { useIsLoggedIn } from '../session/stores/session-store.ts';

export function ContinueListening() {
  const loggedIn = useIsLoggedIn();
  const listening = useListening({ enabled: loggedIn });
  const items = listening.data?.data ?? [];
  if (!loggedIn || items.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-listening">
      <div className="section-head">
        <h2 id="home-listening">Continue Listening</h2>
      </div>
      <ul className="rows">
        {items.map((item) => (
          <PodcastRow
            key={item.hash}
            item={item}
            level={3}
            // where she stopped, which Play resumes from ('12:04 of 45:00'), in its length's line: the row keeps its height
            place={<EpisodeProgress hash={item.hash} durationSec={item.durationSec} heard={{ share: item.heardShare, played: false, position: item.position }} bar={false} />}
          />
        ))}
      </ul>
    </section>
  );
}
