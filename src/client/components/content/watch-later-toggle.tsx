// The Watch Later button of a class and of a podcast episode (spec §4): adds, or removes once added.
export function WatchLaterToggle({ queued, pending, onToggle }: { queued: boolean; pending: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="button button-secondary" disabled={pending} onClick={onToggle}>
      {queued ? (
        <>
          <span aria-hidden="true">− </span>Remove from Watch Later
        </>
      ) : (
        <>
          <span aria-hidden="true">+ </span>Add to Watch Later
        </>
      )}
    </button>
  );
}
