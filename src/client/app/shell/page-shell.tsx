// The page shell of spec §2, mobile first: skip link, header with the logo and (on phones) the menu button,
// the top ad, the menu (a column on wide screens, a focus-trapping drawer under 900 px), main, the side
// columns (after main on phones), the footer, the player, and on phones the bottom tab bar.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/paths.ts';
import { useWide } from '../../lib/viewport.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { MainMenu } from './main-menu.tsx';
import { later, WhenIdle } from '../deferred.tsx';
import { AdSlot } from './ad-slot.tsx';
import { TabBar } from './tab-bar.tsx';
import { SiteFooter } from './site-footer.tsx';

// the side columns (wide screens only; a phone keeps the sponsor's slot after main): loaded once the first view is up
const LeftColumn = lazy(() => import('./side-columns.tsx').then((m) => ({ default: m.LeftColumn })));
const RightColumn = lazy(() => import('./side-columns.tsx').then((m) => ({ default: m.RightColumn })));
// the player restores the last episode once the first screen is shown; nothing of it is on that screen's path
const PlayerDock = later(() => import('../../features/player/player-dock.tsx').then((m) => m.PlayerDock));

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function PageShell({ children }: { children: ReactNode }) {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  const drawerOpen = open && !wide;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  // the server's render, and the app's hydration of it (start.tsx, decision 0051), are marked as such: the mark goes
  // in the render after, and with it the boot script (shell-boot.js) knows the app has taken the page over
  const prerendered = !useHydrated();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) requestAnimationFrame(() => toggleRef.current?.focus());
  }, []);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    addEventListener('keydown', onKey);
    document.body.classList.add('drawer-lock');
    return () => {
      removeEventListener('keydown', onKey);
      document.body.classList.remove('drawer-lock');
    };
  }, [drawerOpen, close]);

  /** keeps Tab inside the open drawer */
  const trap = (e: KeyboardEvent) => {
    if (!drawerOpen || e.key !== 'Tab' || !drawerRef.current) return;
    const items = Array.from(drawerRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={drawerOpen ? 'app drawer-open' : 'app'} data-prerendered={prerendered ? '' : undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header" inert={drawerOpen}>
        <Link href={paths.home()} className="logo" aria-label="CE Pass home">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>CE Pass</span>
        </Link>
        {!wide && (
          <button ref={toggleRef} type="button" className="menu-button" aria-expanded={drawerOpen} aria-controls="main-menu" onClick={() => setOpen(true)}>
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </button>
        )}
      </header>
      <aside className="ad ad-top" aria-label="Sponsor message" inert={drawerOpen}>
        <AdSlot slot="top" />
      </aside>
      <div className="layout">
        <nav
          id="main-menu"
          ref={drawerRef}
          className={drawerOpen ? 'menu drawer is-open' : wide ? 'menu' : 'menu drawer'}
          aria-label="Main menu"
          onKeyDown={trap}
          hidden={!wide && !drawerOpen}
        >
          {!wide && (
            <div className="drawer-head">
              <span className="drawer-title">Menu</span>
              <button type="button" className="drawer-close" onClick={() => close(true)}>
                <span aria-hidden="true">× </span>Close menu
              </button>
            </div>
          )}
          <MainMenu onNavigate={() => close(false)} />
        </nav>
        {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => close(true)} />}
        <main id="main" tabIndex={-1} inert={drawerOpen}>
          {children}
        </main>
        <div className="col-left-wrap" inert={drawerOpen}>
          {wide && (
            <WhenIdle>
              <Suspense fallback={null}>
                <LeftColumn />
              </Suspense>
            </WhenIdle>
          )}
        </div>
        <div className="col-right-wrap" inert={drawerOpen}>
          <WhenIdle>
            {wide ? (
              <Suspense fallback={null}>
                <RightColumn />
              </Suspense>
            ) : (
              <aside className="phone-ad" aria-label="Sponsored">
                <AdSlot slot="right" />
              </aside>
            )}
          </WhenIdle>
        </div>
      </div>
      <div inert={drawerOpen}>
        <SiteFooter />
      </div>
      {/* one player for every route: mounted here, a route change never remounts it (features/player) */}
      <div inert={drawerOpen}>
        <PlayerDock />
      </div>
      {/* the drawer keeps the rest of the spec's menu; the tabs are the phone's everyday way around */}
      {!wide && <TabBar inert={drawerOpen} />}
    </div>
  );
}
