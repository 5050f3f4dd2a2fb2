// The Watch Later button of a class and of a podcast episode (spec §4): adds, or removes once added.
import { BusyButton } from '../ui/busy-button.tsx';
export function WatchLaterToggle({ queued, pending, onToggle }: { queued: boolean; pending: boolean; onToggle: () => void }) {
  return (
    <BusyButton type="button" className="button button-secondary" busy={pending} onClick={onToggle}>
      {queued ? (
        <>
          <span aria-hidden="true">− </span>Remove from Watch Later
        </>
      ) : (
        <>
          <span aria-hidden="true">+ </span>Add to Watch Later
        </>
      )}
    </BusyButton>
  );
}
