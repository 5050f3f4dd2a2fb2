// The app bar's Back button: the installed app has no browser back button, so every screen below a tab has one.
// It goes back through the app's own history, or, on a screen opened from a link, up to the screen's parent.
import { useLocation } from 'wouter';
import { canGoBackInApp, requestHeadingFocus } from '../../lib/navigation.ts';
import { Icon } from './icon.tsx';

export function BackButton({ parent }: { parent: string }) {
  const [, navigate] = useLocation();
  const goBack = () => {
    if (canGoBackInApp()) {
      history.back();
      return;
    }
    // replace, not push: the parent takes this entry's place, so its own Back goes further up, never down again
    requestHeadingFocus();
    navigate(parent, { replace: true });
  };
  return (
    <button type="button" className="icon-button back-button" onClick={goBack}>
      <Icon name="back" />
      <span className="phone-hidden-label">Back</span>
    </button>
  );
}
