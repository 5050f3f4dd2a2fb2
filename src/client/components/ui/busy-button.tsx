// A button that says it is at work without giving up the focus (decision 0047). `disabled` drops a keyboard user's
// focus to the page's start the moment a press makes the button busy (Add to Watch Later, Share, Send, Login), and
// the next Tab starts over from the top; `aria-disabled` keeps the focus where it was, a screen reader still says
// the button is unavailable, and a press while busy does nothing (a submit button's, nor the Enter of a field of its
// form, sends the form again).
import type { ComponentProps, MouseEvent } from 'react';

export function BusyButton({ busy, onClick, ...rest }: ComponentProps<'button'> & { busy: boolean }) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  // the caller gives the type (button or submit)
  return <button {...rest} aria-disabled={busy || undefined} onClick={press} />;
}
