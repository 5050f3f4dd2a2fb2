// /downloads, under My CE (offline issue 15): what this phone keeps for no signal, episodes and e-books, with
// their sizes, the total and the space left (navigator.storage.estimate), delete one or all, and when heard
// episodes go by themselves. Episodes play from here with no server (their record carries what the player
// needs). Needs no server at all, so it is not behind the login guard.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDuration } from '#shared/domain/format';
import { ChoiceGroup } from '../components/ui/choice-group.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { Screen } from '../components/ui/screen.tsx';
import { paths } from '../config/paths.ts';
import { AUTO_REMOVE_CHOICES, AUTO_REMOVE_LABEL, DELETE_ALL_DOWNLOADS_CONFIRM, DOWNLOADS_EMPTY } from '../lib/messages.ts';
import { AUTO_REMOVE_DAYS, type AutoRemoveDays } from '../lib/persist/schema.ts';
import { mediaUrl } from '../lib/media.ts';
import { episodeOfRecord, setAutoRemoveDays, useDownloads, useDownloadsHydrated, type DownloadRecord } from '../features/downloads/downloads-store.ts';
import { deleteAllDownloads, deleteDownload, tidyDownloads } from '../features/downloads/downloads.ts';
import { formatSize } from '../features/downloads/format-size.ts';
import { PlayButton } from '../features/player/play-button.tsx';
import '../features/downloads/downloads.css';

/** the browser's view of this site's storage: what it uses and what it may still use */
function useSpaceLeft(itemsBytes: number): { usage: number; quota: number } | null {
  const [space, setSpace] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    let live = true;
    void navigator.storage
      ?.estimate?.()
      .then((e) => {
        if (live && e.quota !== undefined && e.usage !== undefined) setSpace({ usage: e.usage, quota: e.quota });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // a download or a deletion changes it
  }, [itemsBytes]);
  return space;
}

function Item({ item }: { item: DownloadRecord }) {
  const episode = item.kind === 'episode' ? episodeOfRecord(item) : null;
  // short enough for one line on a phone: the series, the size, the length, and whether it was heard to the end
  const meta = [item.showTitle, formatSize(item.bytes), episode && item.durationSec > 0 ? formatDuration(item.durationSec) : null, item.finishedAt !== null ? 'Heard' : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      {episode ? <PlayButton episode={episode} /> : <Icon name="ebook" className="downloads-ebook-icon" />}
      <span className="downloads-item-text">
        <span className="downloads-item-title">
          {episode && item.ps ? (
            <Link href={paths.podcast(item.ps, item.hash)}>{item.title}</Link>
          ) : (
            // the worker answers the e-book from its cache, online or not
            <a href={mediaUrl(item.url)} target="_blank" rel="noopener">
              {item.title}
            </a>
          )}
        </span>
        <span className="downloads-item-meta" title={`Downloaded ${formatDate(item.downloadedAt)}`}>
          {meta}
        </span>
      </span>
      <button type="button" className="player-icon-button" aria-label={`Delete download of ${item.title}`} onClick={() => void deleteDownload(item.kind, item.hash)}>
        <Icon name="trash" />
      </button>
    </li>
  );
}

function Section({ id, title, items }: { id: string; title: string; items: DownloadRecord[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <div className="downloads-section-head">
        <h2 id={id}>{title}</h2>
        <span className="downloads-item-meta">{formatSize(items.reduce((sum, i) => sum + i.bytes, 0))}</span>
      </div>
      <ul className="downloads-list">
        {items.map((item) => (
          <Item key={item.hash} item={item} />
        ))}
      </ul>
    </section>
  );
}

export default function DownloadsScreen() {
  const hydrated = useDownloadsHydrated();
  const items = useDownloads((s) => s.items);
  const autoRemoveDays = useDownloads((s) => s.autoRemoveDays);
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  const space = useSpaceLeft(total);
  const [confirmAll, setConfirmAll] = useState(false);
  const episodes = items.filter((i) => i.kind === 'episode');
  const ebooks = items.filter((i) => i.kind === 'ebook');

  // heard episodes past the setting's days go when the screen opens (and at app start)
  useEffect(() => {
    void tidyDownloads();
  }, []);

  if (!hydrated)
    return (
      <Screen title="Downloads">
        <Loading />
      </Screen>
    );

  return (
    <Screen title="Downloads" className="downloads">
      <div className="downloads-space">
        {/* the empty state below says there is nothing yet; here only the space, so it is not said twice */}
        <p>
          {items.length > 0 && `${items.length} ${items.length === 1 ? 'download' : 'downloads'}, ${formatSize(total)} in all. `}
          {space && `${formatSize(Math.max(space.quota - space.usage, 0))} of space left for downloads.`}
        </p>
      </div>

      {items.length === 0 ? (
        <p className="empty">
          {DOWNLOADS_EMPTY} <Link href={paths.podcasts()}>Browse podcasts</Link>
        </p>
      ) : (
        <>
          <Section id="downloads-episodes" title="Episodes" items={episodes} />
          <Section id="downloads-ebooks" title="E-books" items={ebooks} />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirmAll(true)}>
              Delete all downloads
            </button>
          </div>
        </>
      )}

      <ChoiceGroup
        className="downloads-setting"
        legend={AUTO_REMOVE_LABEL}
        name="auto-remove"
        type="radio"
        options={AUTO_REMOVE_DAYS.map((d) => ({ value: String(d), label: AUTO_REMOVE_CHOICES[d] }))}
        selected={[String(autoRemoveDays)]}
        onChange={(value) => {
          void setAutoRemoveDays(Number(value) as AutoRemoveDays).then(() => tidyDownloads());
        }}
      />

      {confirmAll && (
        <Dialog
          title="Delete all downloads"
          onClose={() => setConfirmAll(false)}
          actions={(close) => (
            <div className="actions">
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  void deleteAllDownloads();
                  close();
                }}
              >
                Delete all
              </button>
              <button type="button" className="button button-secondary" onClick={close}>
                Cancel
              </button>
            </div>
          )}
        >
          {() => (
            <p>
              {DELETE_ALL_DOWNLOADS_CONFIRM} {items.length} {items.length === 1 ? 'item' : 'items'}, {formatSize(total)}. Episodes and e-books can be downloaded again when online.
            </p>
          )}
        </Dialog>
      )}
    </Screen>
  );
}
