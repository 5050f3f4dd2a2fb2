// The categories of the spec's left column as a row of chips, for /home on a phone, where the side columns
// are not shown: one swipe (or Tab) along the row, each chip a 44 px link to the category's search.
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useSearchItems } from '../../features/catalog/api/get-search-items.ts';
import { showsFailure } from '../ui/query-state.tsx';

/** chip shapes held while the list loads: the row has its height from the first paint */
const PLACEHOLDERS = 4;

export function CategoryChips() {
  const items = useSearchItems();
  const categories = items.data?.catList ?? [];
  return (
    <section className="home-section home-chips" aria-labelledby="home-categories">
      <h2 id="home-categories" className="chips-title">
        Categories
      </h2>
      <ul className="chips" aria-busy={items.isPending || undefined}>
        {items.isPending
          ? Array.from({ length: PLACEHOLDERS }, (_, i) => <li key={i} className="chip chip-placeholder" aria-hidden="true" />)
          : categories.map((c) => (
              <li key={c.categoryID}>
                <Link className="chip" href={paths.search({ cid: c.categoryID })}>
                  {c.categoryName}
                </Link>
              </li>
            ))}
        {/* without the list (an error), the row still leads somewhere */}
        {showsFailure(items) && (
          <li>
            <Link className="chip" href={paths.search()}>
              Search all CE
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
