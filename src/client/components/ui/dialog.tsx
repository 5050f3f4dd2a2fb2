// The modal dialog: a native <dialog> opened with showModal(), so the browser traps focus, makes the page
// behind it inert, closes it on Escape and returns focus to the control that opened it. Mounted = open.
// Its head (the title and a Close button) and its actions stay in view while a long content scrolls between
// them (issue 13): on a phone a dialog's way out and its buttons are never a whole scroll away.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import '../../styles/dialog.css';

interface DialogProps {
  title: ReactNode;
  /** after the dialog closed (Escape, the × button, the backdrop, or `close` from the children) */
  onClose: () => void;
  /**
   * the Close button (×, 44 × 44) at the top, on by default: every dialog has a visible way out at its top.
   * Off only where the content puts its own Close button in the head's row (the search panel)
   */
  dismissible?: boolean;
  /** where focus goes on opening; without it the browser picks the first focusable control (the × if shown) */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: (close: () => void) => ReactNode;
  /** the dialog's buttons (and what they report), kept at its foot while the content above them scrolls */
  actions?: (close: () => void) => ReactNode;
}

export function Dialog({ title, onClose, dismissible = true, initialFocus, className, children, actions }: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => onCloseRef.current();
    dialog.addEventListener('close', closed);
    if (!dialog.open) dialog.showModal();
    // after showModal(): its own focusing would override an earlier focus(), and a closed dialog's fields take none
    initialFocus?.current?.focus();
    return () => {
      // the listener goes first: closing on unmount (or StrictMode's rehearsal) is not the user closing it
      dialog.removeEventListener('close', closed);
      if (dialog.open) dialog.close();
    };
  }, []);

  const close = () => ref.current?.close();

  // a click on the <dialog> itself is a click on its backdrop (its content sits in .dialog-body, which fills the
  // box); but one that began inside (selecting text in a field, released outside) lands there too and must not close it
  const pressedOnBackdrop = useRef(false);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={`${id}-title`}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget) close();
      }}
    >
      <div className="dialog-body">
        <div className="dialog-head">
          <h2 id={`${id}-title`} className="dialog-title">
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="dialog-close" aria-label="Close" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {children(close)}
        {actions && <div className="dialog-actions">{actions(close)}</div>}
      </div>
    </dialog>
  );
}
