// /home (spec §2): search bar, featured course, next upcoming webinars, newest on-demand and podcasts. On a
// phone, where the side columns are not shown, home carries their categories (chips) and shows the webinars as a
// row to swipe (lists.css), so the featured and popular items of the side columns stay one screen away.
// Above the lists: for a visitor, what a free account gives; from the second visit, the offer to install
// the app. Both come with the lists (the skeleton waits for the stored session too), so neither shifts them.
// For a student with episodes started and not finished, "Continue listening" comes first, where a commuter looks;
// the skeleton waits for it too, so it never pushes the lists down.
import { useDeferredValue } from 'react';
import { Link } from 'wouter';
import { CategoryChips } from '../components/content/category-chips.tsx';
import { ClassRow, PodcastRow, WebinarRow } from '../components/content/class-rows.tsx';
import { FeaturedRow } from '../components/content/featured-row.tsx';
import { LoadFailure, showsFailure } from '../components/ui/query-state.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { ListSkeleton } from '../components/ui/skeleton.tsx';
import { paths } from '../config/paths.ts';
import { useHome } from '../features/catalog/api/get-home.ts';
import { SearchBar } from '../features/catalog/components/search-bar.tsx';
import { InstallCard } from '../features/install/install-offer.tsx';
import { ContinueListening } from '../features/player/continue-listening.tsx';
import { useListening } from '../features/podcasts/api/get-listening.ts';
import { useIsLoggedIn, useSessionHydrated } from '../features/session/stores/session-store.ts';
import { LIST_ERROR, NO_UPCOMING_CLASSES, REGISTER_BUTTON, REGISTER_PITCH } from '../lib/messages.ts';
import { useWide } from '../lib/viewport.ts';

/** the logged-out home's call to action: one sentence and the Register button */
function RegisterPitch() {
  return (
    <section className="register-pitch" aria-label="Free account">
      <p>{REGISTER_PITCH}</p>
      <Link href={paths.register()} className="button">
        {REGISTER_BUTTON}
      </Link>
    </section>
  );
}

export default function HomeScreen() {
  const home = useHome();
  const wide = useWide();
  const hydrated = useSessionHydrated();
  const loggedIn = useIsLoggedIn();
  const listening = useListening({ enabled: loggedIn });
  const ready = home.data !== undefined && hydrated && !listening.isLoading;
  // the lists (a screen of rows) replace the skeleton in a render React may pause to let the page answer, not in one
  // long task as the answer lands (TBT, quality-bars.md); opened with the answer at hand, they show at once
  const shown = useDeferredValue(ready) && ready;
  return (
    <Screen refresh title="Home" heading="Free dental CE, live and on demand" className="home">
      <SearchBar />
      {!wide && <CategoryChips />}
      {showsFailure(home) ? (
        <LoadFailure query={home} message={LIST_ERROR} />
      ) : !shown || home.data === undefined ? (
        <ListSkeleton heading />
      ) : (
        <>
          {!loggedIn && <RegisterPitch />}
          <InstallCard />
          <ContinueListening />
          {home.data.featuredContent.status && (home.data.featuredContent.featuredClass || home.data.featuredContent.featuredPodcast) && (
            <section className="home-section" aria-labelledby="home-featured">
              <h2 id="home-featured">Featured Course</h2>
              <ul className="rows">
                <FeaturedRow featured={home.data.featuredContent} level={3} />
              </ul>
            </section>
          )}
          <section className="home-section" aria-labelledby="home-webinars">
            <div className="section-head">
              <h2 id="home-webinars">Upcoming Live Webinars</h2>
              <Link href={paths.webinars()} className="show-all" aria-label="Show all upcoming webinars">
                Show All
              </Link>
            </div>
            {home.data.webinars.data.length === 0 ? (
              // spec §8's empty text for this list (§2 gives home none; /webinars keeps 'No upcoming webinars.')
              <p className="empty">{NO_UPCOMING_CLASSES}</p>
            ) : (
              <ul className="rows rows-carousel">
                {home.data.webinars.data.map((item, i) => (
                  <WebinarRow key={item.hash} item={item} seats={home.data.webinars.seats} level={3} eager={i < 2} />
                ))}
              </ul>
            )}
          </section>
          <section className="home-section" aria-labelledby="home-ondemand">
            <div className="section-head">
              <h2 id="home-ondemand">New On-Demand Courses</h2>
              <Link href={paths.ondemand()} className="show-all" aria-label="Show all on-demand courses">
                Show All
              </Link>
            </div>
            {home.data.classes.data.length === 0 ? (
              <p className="empty">No classes found.</p>
            ) : (
              <ul className="rows">
                {home.data.classes.data.map((item) => (
                  <ClassRow key={item.hash} item={item} level={3} />
                ))}
              </ul>
            )}
          </section>
          <section className="home-section" aria-labelledby="home-podcasts">
            <div className="section-head">
              <h2 id="home-podcasts">New Podcasts</h2>
              <Link href={paths.podcasts()} className="show-all" aria-label="Show all podcasts">
                Show All
              </Link>
            </div>
            {home.data.podcasts.data.length === 0 ? (
              <p className="empty">No podcasts found.</p>
            ) : (
              <ul className="rows">
                {home.data.podcasts.data.map((item) => (
                  <PodcastRow key={item.hash} item={item} level={3} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Screen>
  );
}
