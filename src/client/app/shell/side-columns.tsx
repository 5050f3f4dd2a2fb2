// The side columns of the page shell on a wide screen (spec §2): left: categories and an ad slot; right: popular
// webinars, featured CE, featured podcasts, product evaluations and an ad slot. Filled from the home data and the
// filter lists (both cached). On a phone (under 900 px) they are not stacked under every page, and this module is not
// loaded (page-shell.tsx): home carries the categories, webinars and featured items itself, and only the sponsor
// keeps a slot after the main content.
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useHome } from '../../features/catalog/api/get-home.ts';
import { useSearchItems } from '../../features/catalog/api/get-search-items.ts';
import { AdSlot } from './ad-slot.tsx';

export function LeftColumn() {
  // the filter lists are fetched only where the column shows (CategoryChips fetches them for home on a phone)
  const items = useSearchItems(true);
  const categories = items.data?.catList.slice(0, 12) ?? [];
  return (
    <aside className="col-left-extra" aria-label="Browse by category">
      <h2 className="side-title">Categories</h2>
      {categories.length > 0 ? (
        <ul className="side-list">
          {categories.map((c) => (
            <li key={c.categoryID}>
              <Link href={paths.search({ cid: c.categoryID })}>{c.categoryName}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="side-note">
          <Link href={paths.search()}>Search all CE</Link>
        </p>
      )}
      <AdSlot slot="left" />
    </aside>
  );
}

export function RightColumn() {
  const home = useHome();
  const webinars = home.data?.webinars.data.slice(0, 3) ?? [];
  const podcasts = home.data?.podcasts.data.slice(0, 3) ?? [];
  const featured = home.data?.featuredContent.featuredClass;
  return (
    <aside className="col-right" aria-label="More continuing education">
      <section aria-labelledby="side-popular">
        <h2 className="side-title" id="side-popular">
          Popular Webinars
        </h2>
        <ul className="side-list">
          {webinars.map((w) => (
            <li key={w.hash}>
              <Link href={w.hasSeat || w.isWaiting ? paths.live(w.hash) : paths.reserve(w.hash)}>{w.className}</Link>
            </li>
          ))}
          <li>
            <Link href={paths.webinars()}>All upcoming webinars</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="side-featured">
        <h2 className="side-title" id="side-featured">
          Featured CE
        </h2>
        <ul className="side-list">
          {featured && (
            <li>
              <Link href={paths.classroom(featured.hash)}>{featured.className}</Link>
            </li>
          )}
          <li>
            <Link href={paths.ondemand()}>On-demand library</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="side-podcasts">
        <h2 className="side-title" id="side-podcasts">
          Featured Podcasts
        </h2>
        <ul className="side-list">
          {podcasts.map((p) => (
            <li key={p.hash}>
              <Link href={paths.podcast(p.podcastShowHash, p.hash)}>{p.title}</Link>
            </li>
          ))}
          <li>
            <Link href={paths.podcasts()}>All podcasts</Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="side-evaluations">
        <h2 className="side-title" id="side-evaluations">
          Product Evaluations
        </h2>
        <ul className="side-list">
          <li>
            <Link href={paths.tutorials()}>Product training videos</Link>
          </li>
          <li>
            <Link href={paths.ebooks()}>Product guides (eBooks)</Link>
          </li>
        </ul>
      </section>
      <AdSlot slot="right" />
    </aside>
  );
}
