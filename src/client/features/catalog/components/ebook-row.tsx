// One e-book of the library (spec §2 /ebooks), shown in the library and in search results: logged out, the
// button goes to login; logged in, the download is recorded and the PDF opens in a new tab even if recording
// fails, which the row then says (spec §8; decisions.md: e-books open in a new window).
import { useState } from 'react';
import { Link } from 'wouter';
import type { Ebook } from '#shared/api/catalog';
import { BOOK_RESPONSE_ERROR } from '../../../lib/messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useWide } from '../../../lib/viewport.ts';
import { paths } from '../../../config/paths.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { richText } from '../../../lib/sanitize-html.tsx';
import { recordBookResponse } from '../api/book-response.ts';

/** the PDF opens after at most this long, whatever the record call does */
const RECORD_WAIT_MS = 2000;

interface EbookRowProps {
  book: Ebook;
  loggedIn: boolean;
  eager: boolean;
  /** heading level of the title inside the page outline (3 under a search result heading) */
  level?: 2 | 3;
  /** where login returns a visitor who asked for the book: the page the row is on */
  loginReturn?: string;
}

export function EbookRow({ book, loggedIn, eager, level = 2, loginReturn = paths.ebooks() }: EbookRowProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const [busy, setBusy] = useState(false);
  const [recordError, setRecordError] = useState<string | null>(null);
  const [showAbout, setShowAbout] = useState(false);
  const wide = useWide();
  const label = book.buttonText || 'Get eBook';
  const open = async () => {
    // the tab is opened inside the click (a popup blocker refuses one opened after a wait)
    const tab = window.open('', '_blank');
    setBusy(true);
    setRecordError(null);
    // a failed record is said on this page (spec §8), also when it comes after the PDF has opened
    const recorded = recordBookResponse(book.hash).catch((error: unknown) => setRecordError(errorMessage(error, BOOK_RESPONSE_ERROR)));
    await Promise.race([recorded, new Promise((resolve) => setTimeout(resolve, RECORD_WAIT_MS))]);
    setBusy(false);
    const pdf = mediaUrl(book.pdf);
    if (!tab) return window.location.assign(pdf);
    tab.opener = null;
    tab.location.href = pdf;
  };
  const action = loggedIn ? (
    <button type="button" className="button" onClick={open} disabled={busy} aria-label={`${label}: ${book.title}`}>
      {busy ? 'Opening…' : label}
    </button>
  ) : (
    <Link href={paths.login({ rurl: loginReturn })} className="button" aria-label={`${label}: ${book.title}`}>
      {label}
    </Link>
  );
  const price = <p className="ebook-price">{loggedIn ? 'Free' : 'Free (must be logged in)'}</p>;
  const cover = <img className="row-photo ebook-thumb" src={mediaUrl(book.thumbnail)} alt="" width={90} height={120} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
  const about = (
    <>
      {book.subtitle && <p className="row-subtitle">{book.subtitle}</p>}
      <div className="row-blurb">{richText(book.blurbLib)}</div>
    </>
  );
  return (
    <li className="row ebook">
      {/* on a phone the row is compact (issue 12: at most 130 px); the cover opens the subtitle and blurb in a sheet */}
      {wide ? (
        cover
      ) : (
        <button type="button" className="ebook-about" onClick={() => setShowAbout(true)} aria-label={`About ${book.title}`}>
          {cover}
          <span className="ebook-about-mark" aria-hidden="true">
            i
          </span>
        </button>
      )}
      <div className="row-body">
        <Heading className="row-title">{book.title}</Heading>
        {wide && about}
        {price}
        <div className="row-actions">{action}</div>
        {recordError && (
          <Alert tone="danger" dismissible onDismiss={() => setRecordError(null)}>
            {recordError}
          </Alert>
        )}
      </div>
      {showAbout && (
        <Dialog title={book.title} onClose={() => setShowAbout(false)} className="ebook-sheet">
          {() => (
            <>
              {about}
              {price}
              <div className="actions">{action}</div>
            </>
          )}
        </Dialog>
      )}
    </li>
  );
}
