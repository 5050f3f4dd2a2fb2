// The Download control of an episode (rows, Up Next, the episode page, the full player) and of an e-book (its
// row): Download → a progress ring or bar with Cancel → Downloaded (tap: delete or go to Downloads) → or failed,
// with the reason in plain words and Try again. Small on purpose: it renders in every list of episodes; the
// download itself (downloads.ts) loads on the first tap.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Ebook } from '#shared/api/catalog';
import { Icon } from '../../components/ui/icon.tsx';
import { paths } from '../../config/paths.ts';
import type { PlayerEpisode } from '../player/episode.ts';
import { findDownload, transferKey, useDownloads, type DownloadKind, type DownloadRecord, type Transfer } from './downloads-store.ts';
import { formatSize, percentOf } from './format-size.ts';
import '../player/play-button.css';
import './downloads.css';

// its sheets come when one is opened: the button is on every row of a list, the sheets are rarely seen
const Dialog = lazy(() => import('../../components/ui/dialog.tsx').then((m) => ({ default: m.Dialog })));

const manager = () => import('./downloads.ts');
type Manager = Awaited<ReturnType<typeof manager>>;

interface ControlProps {
  kind: DownloadKind;
  hash: string;
  title: string;
  start: (m: Manager) => Promise<void>;
  /** 'icon': a 44 px round button (rows, Up Next); 'full': words and a bar (the episode page, the full player, e-books) */
  variant: 'icon' | 'full';
  /** the thing downloaded, as the full variant says it ('episode', 'e-book') */
  noun: string;
}

/** the record and the transfer, each a stable reference from the store (a new object per read would loop) */
function useDownload(kind: DownloadKind, hash: string): { record?: DownloadRecord; transfer?: Transfer } {
  const record = useDownloads((s) => findDownload(s, kind, hash));
  const transfer = useDownloads((s) => s.transfers[transferKey(kind, hash)]);
  return { record, transfer };
}

/** what a screen reader hears when the state changes (never on the first render: a list does not speak up) */
function useAnnouncement(title: string, record: DownloadRecord | undefined, transfer: Transfer | undefined): string {
  const status = transfer?.status ?? (record ? 'downloaded' : 'none');
  const previous = useRef(status);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    if (status === 'downloading') setSaid(`Downloading ${title}`);
    else if (status === 'downloaded') setSaid(`${title} downloaded`);
    else if (status === 'failed' && transfer?.status === 'failed') setSaid(`${title} was not downloaded. ${transfer.message}`);
    else setSaid(`Download of ${title} cancelled`);
  }, [status, title, transfer]);
  return said;
}

function DownloadControl({ kind, hash, title, start, variant, noun }: ControlProps) {
  const { record, transfer } = useDownload(kind, hash);
  const said = useAnnouncement(title, record, transfer);
  const [sheet, setSheet] = useState<'downloaded' | 'failed' | null>(null);
  const run = (command: (m: Manager) => unknown) => void manager().then(command);
  const go = () => run(start);
  const cancel = () => run((m) => m.cancelDownload(kind, hash));
  const remove = () => run((m) => m.deleteDownload(kind, hash));
  const retry = () =>
    run((m) => {
      m.dismissFailure(kind, hash);
      return start(m);
    });
  const percent = transfer?.status === 'downloading' ? percentOf(transfer.received, transfer.total) : null;
  // rows are links: the control acts, it does not open the episode
  const stop = (event: { preventDefault(): void; stopPropagation(): void }) => {
    event.preventDefault();
    event.stopPropagation();
  };
  const progressLabel = `Downloading ${title}`;
  const status = (
    <span className="visually-hidden" role="status">
      {said}
    </span>
  );

  if (variant === 'full') {
    return (
      <div className="download-full">
        {transfer?.status === 'downloading' ? (
          <div className="download-bar">
            <span className="download-bar-text" aria-hidden="true">
              Downloading… {percent === null ? formatSize(transfer.received) : `${percent}%`}
            </span>
            <progress aria-label={progressLabel} max={100} value={percent ?? undefined} />
            <button type="button" className="button button-secondary button-small" aria-label={`Cancel download of ${title}`} onClick={cancel}>
              Cancel
            </button>
          </div>
        ) : record ? (
          <div className="download-done">
            <span className="download-done-text">
              <Icon name="downloaded" />
              Downloaded · {formatSize(record.bytes)}
            </span>
            <button type="button" className="button button-secondary button-small" aria-label={`Delete download of ${title}`} onClick={remove}>
              Delete
            </button>
          </div>
        ) : (
          <button type="button" className="button button-secondary download-start" aria-label={`Download ${title}`} onClick={go}>
            <Icon name="download" />
            Download {noun}
          </button>
        )}
        {transfer?.status === 'failed' && (
          <div className="download-failed" role="alert">
            <p>{transfer.message}</p>
            <button type="button" className="button button-small" aria-label={`Try downloading ${title} again`} onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {status}
      </div>
    );
  }

  return (
    <span className="download-icon">
      {transfer?.status === 'downloading' ? (
        <>
          {/* the ring fills as the bytes arrive; the button in its middle cancels */}
          <svg className="download-ring" viewBox="0 0 44 44" role="progressbar" aria-label={progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined}>
            <circle className="download-ring-track" cx="22" cy="22" r="19" />
            <circle className="download-ring-fill" cx="22" cy="22" r="19" pathLength={100} strokeDasharray={`${percent ?? 8} 100`} />
          </svg>
          <button
            type="button"
            className="player-icon-button download-button"
            aria-label={`Cancel download of ${title}`}
            onClick={(event) => {
              stop(event);
              cancel();
            }}
          >
            <Icon name="stop" />
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`player-icon-button download-button${record ? ' is-downloaded' : transfer?.status === 'failed' ? ' is-failed' : ''}`}
          aria-label={record ? `${title} is downloaded` : transfer?.status === 'failed' ? `${title} was not downloaded: why, and try again` : kind === 'ebook' ? `Save ${title} for offline` : `Download ${title}`}
          aria-haspopup={record || transfer ? 'dialog' : undefined}
          onClick={(event) => {
            stop(event);
            if (record) setSheet('downloaded');
            else if (transfer?.status === 'failed') setSheet('failed');
            else go();
          }}
        >
          <Icon name={record ? 'downloaded' : transfer?.status === 'failed' ? 'retry' : 'download'} />
        </button>
      )}
      {/* an e-book row has Download (the PDF, now) beside this arrow: the arrow says what it is for (decision 0046) */}
      {kind === 'ebook' && !record && !transfer && (
        <span className="download-caption" aria-hidden="true">
          For offline
        </span>
      )}
      {status}
      {sheet === 'downloaded' && record && (
        <Suspense fallback={null}>
          <Dialog
            title="Downloaded"
            onClose={() => setSheet(null)}
            actions={(close) => (
              <div className="actions">
                <button
                  type="button"
                  className="button button-danger"
                  onClick={() => {
                    remove();
                    close();
                  }}
                >
                  Delete download
                </button>
                <Link className="button button-secondary" href={paths.downloads()} onClick={close}>
                  All downloads
                </Link>
              </div>
            )}
          >
            {() => (
              <p>
                <strong>{title}</strong> is on this device ({formatSize(record.bytes)}) and {kind === 'ebook' ? 'opens' : 'plays'} with no connection.
              </p>
            )}
          </Dialog>
        </Suspense>
      )}
      {sheet === 'failed' && transfer?.status === 'failed' && (
        <Suspense fallback={null}>
          <Dialog
            title="Not downloaded"
            onClose={() => setSheet(null)}
            actions={(close) => (
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    retry();
                    close();
                  }}
                >
                  Try again
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    run((m) => m.dismissFailure(kind, hash));
                    close();
                  }}
                >
                  Not now
                </button>
              </div>
            )}
          >
            {() => (
              <p>
                <strong>{title}</strong>: {transfer.message}
              </p>
            )}
          </Dialog>
        </Suspense>
      )}
    </span>
  );
}

export function DownloadButton({ episode, variant = 'icon' }: { episode: PlayerEpisode; variant?: 'icon' | 'full' }) {
  return <DownloadControl kind="episode" hash={episode.hash} title={episode.title} variant={variant} noun="episode" start={(m) => m.downloadEpisode(episode)} />;
}

export function EbookDownloadButton({ book }: { book: Pick<Ebook, 'hash' | 'title' | 'pdf' | 'thumbnail'> }) {
  // beside the row's own Get eBook button, which opens the copy kept here once it is saved
  return <DownloadControl kind="ebook" hash={book.hash} title={book.title} variant="icon" noun="e-book" start={(m) => m.downloadEbook(book)} />;
}
