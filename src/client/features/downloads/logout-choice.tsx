// The logout screen's choice (offline issue 15): downloaded episodes stay on the phone after logout (public
// content, often a commute's worth) unless the student ticks this; e-books always go. Shown only when there
// are episodes to remove, with how many and how big.
import { formatSize } from './format-size.ts';
import { useDownloadedEpisodes } from './downloads-store.ts';
import { LOGOUT_EBOOKS_GO, LOGOUT_REMOVE_DOWNLOADS } from '../../lib/messages.ts';
import './downloads.css';

export function RemoveDownloadsChoice({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const episodes = useDownloadedEpisodes();
  if (episodes.length === 0) return null;
  const bytes = episodes.reduce((sum, e) => sum + e.bytes, 0);
  return (
    <>
      <label className="logout-downloads">
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} />
        <span>
          {LOGOUT_REMOVE_DOWNLOADS} ({episodes.length} {episodes.length === 1 ? 'episode' : 'episodes'}, {formatSize(bytes)})
        </span>
      </label>
      <p className="hint">{LOGOUT_EBOOKS_GO}</p>
    </>
  );
}
