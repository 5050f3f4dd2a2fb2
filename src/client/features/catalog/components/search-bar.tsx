// The search bar (spec §2, changed by docs/decisions/0012-search-while-typing.md): a real field that searches as
// the user types. The screen it is on shows the results: /search (from /home too), or a list narrowed by the
// keyword. The URL follows the field (history replace), so Back leaves the search in one step. Filters opens the
// panel (category, company, Include All Content); an active category or company shows as a chip (spec §4).
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { getSearchItems } from '#shared/api/catalog';
import type { ResponseOf } from '#shared/api/endpoint';
import { sanitizeKeyword } from '#shared/domain/keyword';
import { paths, type ListFilters, type QueryFilters } from '../../../config/paths.ts';
import { KEYWORD_TOO_SHORT } from '../../../lib/messages.ts';
import { takeHeadingFocus } from '../../../lib/navigation.ts';
import { useSearchItems } from '../api/get-search-items.ts';
import '../../../styles/search.css';

// the panel is its own chunk, fetched as soon as Filters is pointed at or focused: /home pays only for the bar
const loadPanel = () => import('./search-panel.tsx');
const SearchPanel = lazy(loadPanel);

const PLACEHOLDER = 'Search by topic, speaker or company';
/** a pause this long in the typing searches: one request per word typed, not per key */
export const SEARCH_DEBOUNCE_MS = 250;
/** spec §9: the keyword is cut here */
export const KEYWORD_MAX = 30;

/** spec §4: 'Category: {name}' or 'Company: {name}'; an id the lists do not name (yet) stays an id */
export const filterText = (filters: QueryFilters, items?: ResponseOf<typeof getSearchItems>): string => {
  if (filters.cid) return `Category: ${items?.catList.find((c) => String(c.categoryID) === filters.cid)?.categoryName ?? filters.cid}`;
  if (filters.coid) return `Company: ${items?.companyList.find((c) => String(c.companyID) === filters.coid)?.companyName ?? filters.coid}`;
  return '';
};

/** a keyword the server searches (spec §5: 3 characters or more, or '3m'); shorter ones get a hint instead */
const searchable = (text: string) => sanitizeKeyword(text) !== null;

/**
 * Set by a bar that leaves its screen for /search while the user types: the bar there takes the focus (and the
 * caret) and this text, so typing goes on. The new screen's heading would otherwise take the focus
 * (lib/navigation.ts), and the keys pressed while /search loads, with no field on the page, would be lost
 * ("fluoride" searched as "fluride"): until the new bar is there, the page's keys are added here.
 */
let handoff: { text: string } | null = null;

const collectKeys = (event: globalThis.KeyboardEvent) => {
  const t = event.target;
  // the bar being left is still on the page until /search is there: its keys are the handoff's too
  const leaving = t instanceof HTMLInputElement && t.classList.contains('search-input');
  const otherField = t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || (t instanceof HTMLElement && t.isContentEditable);
  if (!handoff || event.ctrlKey || event.metaKey || event.altKey || (otherField && !leaving)) return;
  if (event.key === 'Backspace') handoff.text = handoff.text.slice(0, -1);
  else if (event.key.length === 1) handoff.text = (handoff.text + event.key).slice(0, KEYWORD_MAX);
  else return;
  event.preventDefault();
};

const handOff = (text: string) => {
  const mine = { text };
  handoff = mine;
  document.addEventListener('keydown', collectKeys, true);
  // a screen that never shows a bar (it failed to load) does not keep the page's keys
  setTimeout(() => {
    if (handoff === mine) takeHandoff();
  }, 5000);
};

const takeHandoff = (): string | null => {
  document.removeEventListener('keydown', collectKeys, true);
  const text = handoff?.text ?? null;
  handoff = null;
  return text;
};

interface SearchBarProps {
  /** the filter this screen shows (from its URL); /home shows none */
  filters?: QueryFilters;
  /** this screen's own list (page 1) for a filter: the keyword narrows it (the panel's 'Include All Content'
   *  goes to /search instead). Without one (/home, /search) the keyword searches on /search. */
  list?: (filters: ListFilters) => string;
}

export function SearchBar({ filters = {}, list }: SearchBarProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  // the field shows the URL's q as typed, also a keyword too short to search: the URL follows the field
  const urlText = new URLSearchParams(useSearch()).get('q') ?? '';
  const [text, setText] = useState(() => handoff?.text ?? urlText);
  /** the q this bar last put in the URL, to tell its own navigation from Back, the panel or a link */
  const written = useRef(urlText);
  const chip = filterText(filters, useSearchItems(Boolean(filters.cid || filters.coid)).data);
  const target = list ?? paths.search;
  // (any base will do for the path alone; the build's prerender has no window, decision 0024)
  const onTarget = location === new URL(target({}), 'http://localhost').pathname;

  // the URL changed under the bar (Back, the panel, a category link): the field shows what the screen searches
  useEffect(() => {
    if (urlText === written.current) return;
    written.current = urlText;
    setText(urlText);
  }, [urlText]);

  useLayoutEffect(() => {
    const typed = takeHandoff();
    if (typed === null) return;
    // the user is typing: the field keeps the focus a new screen gives its heading, with what was typed meanwhile
    takeHeadingFocus();
    setText(typed);
    const field = input.current;
    field?.focus({ preventScroll: true });
    field?.setSelectionRange(typed.length, typed.length);
  }, []);

  /** puts `value` in the URL: a keyword clears category and company (spec §4); '' clears the search.
   *  `typing`: the user is still in the field, so a new screen gives it the focus back */
  const commit = (value: string, typing = false) => {
    const q = value.trim();
    written.current = q;
    const to = target(q ? { q } : {});
    if (onTarget) {
      navigate(to, { replace: true });
    } else {
      // from /home (or a list's other page) the search opens on a screen of its own: one history entry, then
      // each further keystroke replaces it
      if (typing) handOff(value);
      navigate(to);
    }
  };

  // the debounce: a keyword searches once the typing pauses. Away from the screen that shows results, only a
  // keyword that can find something leaves the screen; on it, the URL follows every change
  useEffect(() => {
    const q = text.trim();
    if (q === written.current.trim() || (!onTarget && !searchable(q))) return undefined;
    const timer = setTimeout(() => commit(text, document.activeElement === input.current), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // commit reads this render's values; the timer restarts on every change of the text only
  }, [text]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q && !searchable(q)) return;
    if (q !== written.current || !onTarget) commit(text);
    // on a phone Search hides the keyboard, so the results it covered can be seen
    if (window.matchMedia('(pointer: coarse)').matches) input.current?.blur();
  };

  const clear = () => {
    setText('');
    if (onTarget && (written.current || chip)) commit('');
    else written.current = '';
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || (!text && !chip)) return;
    // Escape clears the search, not only the field (the browser's own clearing of a search field would keep the URL)
    event.preventDefault();
    clear();
  };

  const tooShort = text.trim() !== '' && !searchable(text);
  const clearable = text !== '' || chip !== '';
  return (
    <>
      <form className="search-bar" role="search" onSubmit={submit} noValidate>
        <div className={chip ? 'search-field search-field-filtered' : 'search-field'}>
          <span className="search-icon" aria-hidden="true" />
          <label className="visually-hidden" htmlFor={id}>
            Search
          </label>
          {chip && (
            <span className="search-chip" id={`${id}-chip`}>
              {chip}
            </span>
          )}
          <input
            ref={input}
            id={id}
            className="search-input"
            type="search"
            name="q"
            value={text}
            placeholder={chip ? 'Search' : PLACEHOLDER}
            maxLength={KEYWORD_MAX}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={[chip && `${id}-chip`, tooShort && `${id}-hint`].filter(Boolean).join(' ') || undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {clearable && (
            <button type="button" className="search-clear" aria-label="Clear search" onClick={clear}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <button
          type="button"
          className="search-filters"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
          onClick={() => setOpen(true)}
        >
          {/* two sliders: the usual mark of filters */}
          <svg className="search-filters-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4 7h9M19 7h1M4 17h1M11 17h9" />
            <circle cx="16" cy="7" r="2.5" />
            <circle cx="8" cy="17" r="2.5" />
          </svg>
          <span className="phone-hidden-label">Filters</span>
        </button>
        {/* in the bar's own bottom margin: the hint never moves what is below the bar */}
        <p className="search-hint" id={`${id}-hint`} hidden={!tooShort}>
          {KEYWORD_TOO_SHORT}
        </p>
      </form>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel filters={{ ...filters, q: sanitizeKeyword(text) ?? undefined }} list={list} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
