// Home's "Continue listening": the student's started episodes not yet played (GET /api/listening, so it follows
// the student to another device), each with its play button, which resumes where it stopped. Nothing for a
// visitor or when nothing is started; it sits below the first screen, so its arrival moves nothing in view.
import { PodcastRow } from '../../components/content/class-rows.tsx';
import { useListening } from '../podcasts/api/get-listening.ts';
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
          <PodcastRow key={item.hash} item={item} level={3} />
        ))}
      </ul>
    </section>
  );
}
