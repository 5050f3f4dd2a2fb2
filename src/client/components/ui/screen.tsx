// A screen's frame: sets the document title, renders the one h1, and takes focus after a navigation
// so screen-reader users hear where they arrived; under the h1, the notice a guard sent along (lib/notice.ts).
// Below a tab (config/parents.ts) the h1 sits in an app bar beside the Back button.
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parentOf } from '../../config/parents.ts';
import { markScreenMounted } from '../../lib/first-screen.ts';
import { takeHeadingFocus } from '../../lib/navigation.ts';
import { dismissNotice, useNotice, useNoticeTone } from '../../lib/notice.ts';
import { Alert } from './alert.tsx';
import { BackButton } from './back-button.tsx';
import { RefreshControl } from './refresh-control.tsx';

interface ScreenProps {
  /** the screen name for the document title ("<title> · CE Pass") */
  title: string;
  /** the visible h1; defaults to the title */
  heading?: ReactNode;
  className?: string;
  /** a list: Refresh in the title row loads what is on screen again (and pull to refresh in the installed app) */
  refresh?: boolean;
  children?: ReactNode;
}

export const appTitle = (title: string) => (title ? `${title} · CE Pass` : 'CE Pass');

export function Screen({ title, heading, className, refresh = false, children }: ScreenProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [location] = useLocation();
  const search = useSearch();
  const notice = useNotice();
  const noticeTone = useNoticeTone();

  useEffect(() => {
    document.title = appTitle(title);
  }, [title]);

  useEffect(markScreenMounted, []);

  useEffect(() => {
    if (takeHeadingFocus()) ref.current?.focus({ preventScroll: true });
  }, [location, search]);

  const parent = parentOf(location);
  const h1 = (
    <h1 ref={ref} tabIndex={-1} className="screen-title">
      {heading ?? title}
    </h1>
  );

  return (
    <div className={className ? `screen ${className}` : 'screen'}>
      {parent === null && !refresh ? (
        h1
      ) : (
        <div className={parent === null ? 'title-row' : 'app-bar'}>
          {parent !== null && <BackButton parent={parent} />}
          {h1}
          {refresh && <RefreshControl />}
        </div>
      )}
      {notice && (
        <Alert tone={noticeTone} dismissible onDismiss={dismissNotice}>
          {notice}
        </Alert>
      )}
      {children}
    </div>
  );
}
