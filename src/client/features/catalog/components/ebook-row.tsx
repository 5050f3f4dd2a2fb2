// One e-book of the library (spec §2 /ebooks), shown in the library and in search results: logged out, the
// button goes to login; logged in, it is a link that opens the PDF in a new window (decisions.md) and records the
// download from the same tap; the PDF opens even if recording fails, which the row then says (spec §8).
import { useState } from 'react';
import type { Ebook } from '#shared/api/catalog';
import { BOOK_RESPONSE_ERROR } from '../../../lib/messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoginLink } from '../../../components/ui/login-link.tsx';
import { useWide } from '../../../lib/viewport.ts';
import { paths } from '../../../config/paths.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { richText } from '../../../lib/sanitize-html.tsx';
import { recordBookResponse } from '../api/book-response.ts';
import { EbookDownloadButton } from '../../downloads/download-button.tsx';

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
  const [recordError, setRecordError] = useState<string | null>(null);
  const [showAbout, setShowAbout] = useState(false);
  const wide = useWide();
  const label = book.buttonText || 'Get eBook';
  // a real link into a new window (decisions.md): the tap opens the PDF as any link does, so no popup blocker
  // stops it and the app's own page never leaves the library. The record is sent from the same tap, before the
  // browser follows the link, and not waited for: the PDF opens even if recording fails, which the row then says (§8).
  const record = () => {
    setRecordError(null);
    recordBookResponse(book.hash).catch((error: unknown) => setRecordError(errorMessage(error, BOOK_RESPONSE_ERROR)));
  };
  const action = loggedIn ? (
    <a className="button" href={mediaUrl(book.pdf)} target="_blank" rel="noopener" onClick={record} aria-label={`${label}: ${book.title}`}>
      {label}
    </a>
  ) : (
    <LoginLink rurl={loginReturn} className="button" aria-label={`${label}: ${book.title}`}>
      {label}
    </LoginLink>
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
      {/* kept on the phone: the same link then opens the copy the worker keeps, with no signal */}
      {loggedIn && (
        <div className="row-trailing">
          <EbookDownloadButton book={book} />
        </div>
      )}
      {showAbout && (
        <Dialog title={book.title} onClose={() => setShowAbout(false)} className="ebook-sheet" actions={() => <div className="actions">{action}</div>}>
          {() => (
            <>
              {about}
              {price}
            </>
          )}
        </Dialog>
      )}
    </li>
  );
}
