// The search panel of spec §2 and §4, opened from the search bar's Filters button: the shared modal Dialog (page
// behind inert, Escape closes, focus back to the button), shaped by .search-panel into a full-height sheet or a
// side panel.
// One filter at a time, as the spec's state rules have it; the keyword is checked with the server's own
// sanitiser (spec §5) so a keyword the server would drop is never sent as a search that finds everything.
import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { sanitizeKeyword } from '#shared/domain/keyword';
import { Alert } from '../../../components/ui/alert.tsx';
import { showsFailure } from '../../../components/ui/query-state.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { paths, type ListFilters, type QueryFilters } from '../../../config/paths.ts';
import { KEYWORD_TOO_SHORT } from '../../../lib/messages.ts';
import { useSearchItems } from '../api/get-search-items.ts';
import { KEYWORD_MAX } from './search-bar.tsx';

/** spec §8 */
const FILTERS_ERROR = 'Error loading filters.';

interface SearchPanelProps {
  filters: QueryFilters;
  list?: (filters: ListFilters) => string;
  onClose: () => void;
}

export default function SearchPanel({ filters, list, onClose }: SearchPanelProps) {
  const keywordInput = useRef<HTMLInputElement>(null);
  const items = useSearchItems();
  const [, navigate] = useLocation();
  const [keyword, setKeyword] = useState(filters.q ?? '');
  const [cid, setCid] = useState(filters.cid ?? '');
  const [coid, setCoid] = useState(filters.coid ?? '');
  const [everywhere, setEverywhere] = useState(false);
  const [tooShort, setTooShort] = useState(false);

  const typeKeyword = (value: string) => {
    setKeyword(value);
    setTooShort(false);
    if (value.trim()) {
      setCid('');
      setCoid('');
    }
  };
  const chooseCategory = (value: string) => {
    setCid(value);
    if (value) {
      setCoid('');
      setKeyword('');
      setTooShort(false);
    }
  };
  const chooseCompany = (value: string) => {
    setCoid(value);
    if (value) {
      setCid('');
      setKeyword('');
      setTooShort(false);
    }
  };

  const submit = (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const q = sanitizeKeyword(keyword);
    if (keyword.trim() && q === null) {
      setTooShort(true);
      keywordInput.current?.focus();
      return;
    }
    const next: ListFilters = { cid: cid || undefined, coid: coid || undefined, q };
    // closing first lets the browser put focus back on the bar before the new screen takes it for its heading
    close();
    navigate(everywhere || !list ? paths.search(next) : list(next));
  };

  return (
    // the keyword, not the first control or the Close at the top: a search is mostly typed
    <Dialog title="Search" onClose={onClose} initialFocus={keywordInput} className="search-panel">
      {(close) => (
        <form className="search-panel-form" onSubmit={(event) => submit(event, close)} noValidate>
          <Field label="Keyword" error={tooShort ? KEYWORD_TOO_SHORT : undefined}>
            <input
              ref={keywordInput}
              // not type="search": Chromium spends the first Escape on clearing it instead of closing the panel
              type="text"
              name="q"
              value={keyword}
              maxLength={KEYWORD_MAX}
              autoComplete="off"
              enterKeyHint="search"
              onChange={(e) => typeKeyword(e.target.value)}
            />
          </Field>
          {showsFailure(items) && <Alert tone="danger">{FILTERS_ERROR}</Alert>}
          <Field label="Category">
            <select name="cid" value={cid} onChange={(e) => chooseCategory(e.target.value)}>
              <option value="">-- select one --</option>
              {items.data?.catList.map((c) => (
                <option key={c.categoryID} value={String(c.categoryID)}>
                  {c.categoryName}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Company">
            <select name="coid" value={coid} onChange={(e) => chooseCompany(e.target.value)}>
              <option value="">-- select one --</option>
              {items.data?.companyList.map((c) => (
                <option key={c.companyID} value={String(c.companyID)}>
                  {c.companyName}
                </option>
              ))}
            </select>
          </Field>
          {list && (
            <label className="check search-panel-check">
              <input type="checkbox" checked={everywhere} onChange={(e) => setEverywhere(e.target.checked)} />
              <span>Include All Content</span>
            </label>
          )}
          <button type="submit" className="button">
            Search
          </button>
        </form>
      )}
    </Dialog>
  );
}
