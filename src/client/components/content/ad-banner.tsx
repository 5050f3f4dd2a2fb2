// A sponsor banner among the rows of a list (spec §2 "Mobile ad"): the image drawn for the width it gets,
// a tap opens the ad dialog. Views and clicks are recorded first-party and never wait (security.md).
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { MobileAds } from '#shared/api/common';
import { mediaUrl } from '../../lib/media.ts';
import { recordAdClick, recordAdView } from '../../features/ads/api/ad-event.ts';
import { useMobileAd } from '../../features/ads/api/get-mobile-ad.ts';
import { SPONSORED_MESSAGE } from '../../lib/messages.ts';

// the sponsor's offer (a form, in a dialog) comes when a banner is tapped: every list shows banners, few are opened
const AdDialog = lazy(() => import('./ad-dialog.tsx').then((m) => ({ default: m.AdDialog })));

export type Banner = MobileAds['banners'][number];

/*
 * adUrls are four designs, not four resolutions of one picture: 320×50, 480×60, 768×90 and 1024×90
 * (pack-schema.ts), vector, each laid out for its own width. A `w` srcset would let the browser pick by
 * device pixels, putting the 1024 design on a 3× phone with its text a third of the size, so each design
 * is chosen by the width the list gives it (art direction): the widest one that fits, scaled up to fill.
 * The list column is the viewport less 32px below 900px, and 200px + 260px side columns, 56px of gaps
 * and 48px of padding (page at most 1280px) from 900px on (app.css .layout), so it is never 1024px wide
 * and the 1024 design is not offered here.
 */
const SOURCES = [
  // column 768–867px
  { index: 2, width: 768, height: 90, media: '(min-width: 800px) and (max-width: 899.98px)' },
  // column 480–767px on phones and tablets, 480–716px beside the side columns
  { index: 1, width: 480, height: 60, media: '(min-width: 512px) and (max-width: 899.98px), (min-width: 1044px)' },
] as const;
const FALLBACK = { index: 0, width: 320, height: 50 } as const;

/** an ad counts as seen once at least half of it has been on screen */
const SEEN_RATIO = 0.5;

function useFirstSeen(ref: RefObject<HTMLElement | null>, onSeen: () => void): void {
  const seen = useRef(false);
  const onSeenRef = useRef(onSeen);
  useEffect(() => {
    onSeenRef.current = onSeen;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || seen.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (seen.current || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= SEEN_RATIO)) return;
        seen.current = true;
        observer.disconnect();
        onSeenRef.current();
      },
      { threshold: SEEN_RATIO },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
}

/** `eager`: a banner among the first rows, on the first screen, is fetched with the page, not once laid out (LCP) */
export function AdBanner({ banner, eager = false }: { banner: Banner; eager?: boolean }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // the sponsor's name is known once its dialog has loaded the details; until then the banner says what it is
  const details = useMobileAd(banner.adId, false);
  const company = details.data?.companyName;
  useFirstSeen(button, () => recordAdView(banner.adId));

  return (
    <li className="row-ad">
      {/* said where it is seen: the sponsor's design may not say it (its name is the image's alt text for a screen reader) */}
      <p className="ad-label" aria-hidden="true">
        Sponsored
      </p>
      <button
        ref={button}
        type="button"
        className="ad-banner"
        aria-haspopup="dialog"
        onClick={() => {
          recordAdClick(banner.adId);
          setOpen(true);
        }}
      >
        <picture>
          {SOURCES.map((s) => (
            <source key={s.index} media={s.media} srcSet={mediaUrl(banner.adUrls[s.index])} width={s.width} height={s.height} />
          ))}
          <img
            className="ad-banner-img"
            src={mediaUrl(banner.adUrls[FALLBACK.index])}
            width={FALLBACK.width}
            height={FALLBACK.height}
            alt={company ? `Sponsored: ${company}` : SPONSORED_MESSAGE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </picture>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AdDialog adId={banner.adId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}
