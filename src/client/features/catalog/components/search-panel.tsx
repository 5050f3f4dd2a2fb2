// The search panel of spec §2 and §4, opened from the search bar. A native modal <dialog>: the browser keeps
// the page behind it inert, closes it on Escape and gives focus back to the bar.
// One filter at a time, as the spec's state rules have it; the keyword is checked with the server's own
// sanitiser (spec §5) so a keyword the server would drop is never sent as a search that finds everything.
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { sanitizeKeyword } from '#shared/domain/keyword';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/form-field.tsx';
import { paths, type ListFilters, type QueryFilters } from '../../../config/paths.ts';
import { useSearchItems } from '../api/get-search-items.ts';

/** spec §8 */
const FILTERS_ERROR = 'Error loading filters.';
/** for a keyword spec §5 would drop ('ab'; '3m' passes): the spec has no text for it */
const KEYWORD_TOO_SHORT = 'Enter at least 3 characters.';
/** spec §9: the sanitiser cuts the keyword here */
const KEYWORD_MAX = 30;

interface SearchPanelProps {
  filters: QueryFilters;
  list?: (filters: ListFilters) => string;
  onClose: () => void;
}

export default function SearchPanel({ filters, list, onClose }: SearchPanelProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keywordInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const items = useSearchItems();
  const [, navigate] = useLocation();
  const [keyword, setKeyword] = useState(filters.q ?? '');
  const [cid, setCid] = useState(filters.cid ?? '');
  const [coid, setCoid] = useState(filters.coid ?? '');
  const [everywhere, setEverywhere] = useState(false);
  const [tooShort, setTooShort] = useState(false);

  useEffect(() => {
    // StrictMode runs this twice; a second showModal() on an open dialog throws in older browsers
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    // the keyword, not the first button: most searches are typed
    keywordInput.current?.focus();
  }, []);

  const close = () => dialog.current?.close();

  // a click on the dialog element itself is a click on its backdrop (the content fills the dialog box); one that
  // began inside (selecting the keyword, released outside) lands on the dialog too and must not close it
  const pressedOnBackdrop = useRef(false);
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) close();
  };

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

  const submit = (event: FormEvent) => {
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
    <dialog
      ref={dialog}
      className="search-panel"
      aria-labelledby={titleId}
      onClose={onClose}
      onPointerDown={(e) => {
        pressedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={closeOnBackdrop}
    >
      <form className="search-panel-body" onSubmit={submit} noValidate>
        <div className="search-panel-head">
          <h2 id={titleId}>Search</h2>
          <button type="button" className="button button-secondary button-small" onClick={close}>
            <span aria-hidden="true">× </span>Close
          </button>
        </div>
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
        {items.isError && <Alert tone="danger">{FILTERS_ERROR}</Alert>}
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
    </dialog>
  );
}
