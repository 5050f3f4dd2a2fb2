// The app's few line icons (24×24, stroked in the text colour), drawn inline: no icon font, no image requests,
// nothing the CSP must allow. Always decorative: the control beside or around an icon carries the words.
import type { ReactNode } from 'react';

const SHAPES = {
  home: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  learn: (
    <>
      <path d="M2 9.5 12 4.5l10 5-10 5z" />
      <path d="M6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5M22 9.5V15" />
    </>
  ),
  podcasts: (
    <>
      <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
      <path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" />
    </>
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.5 13.8 7 22l5-3 5 3-1.5-8.2" />
    </>
  ),
  account: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  login: <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />,
  back: <path d="M15 18l-6-6 6-6" />,
  refresh: <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />,
  chevron: <path d="M9 6l6 6-6 6" />,
  webinar: (
    <>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="M16 10.5 22 7v10l-6-3.5" />
    </>
  ),
  ondemand: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M10 8l6 4-6 4z" />
    </>
  ),
  training: <path d="M21 8 12 3 3 8l9 5zM3 8v8l9 5 9-5V8M12 13v8" />,
  ebook: <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />,
  progress: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  completed: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
  bookmark: <path d="M6 3h12v18l-6-4-6 4z" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  viewed: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  // the license tracker: a license card with its holder; a certificate from elsewhere with a plus
  license: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8" cy="11" r="2" />
      <path d="M5 16c.6-1.4 1.7-2 3-2s2.4.6 3 2M14 10h5M14 14h4" />
    </>
  ),
  reported: <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M12 11v6M9 14h6" />,
  install: <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />,
  // Safari's Share button, drawn as iOS shows it, so the add-to-home-screen hint points at what the user sees
  iosShare: <path d="M8 9H6.5A1.5 1.5 0 0 0 5 10.5v9A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-9A1.5 1.5 0 0 0 17.5 9H16M12 14V3M8.5 6.5 12 3l3.5 3.5" />,
  // the player's controls: filled shapes read better than outlines at a glance on a lock-screen-like bar
  play: <path d="M7 4.5v15l12-7.5z" fill="currentColor" />,
  pause: <path d="M7 4h3.5v16H7zM13.5 4H17v16h-3.5z" fill="currentColor" />,
  back15: (
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.6L4 8.7M4 3.5v5.2h5.2" />
      <text x="12" y="15.6" fontSize="8.5" textAnchor="middle" fill="currentColor" stroke="none" fontWeight="700">
        15
      </text>
    </>
  ),
  forward15: (
    <>
      <path d="M20 12a8 8 0 1 1-2.3-5.6L20 8.7M20 3.5v5.2h-5.2" />
      <text x="12" y="15.6" fontSize="8.5" textAnchor="middle" fill="currentColor" stroke="none" fontWeight="700">
        15
      </text>
    </>
  ),
  upNext: <path d="M3 6h12M3 12h12M3 18h8M17 15v6M14 18h6" />,
  // the same list with a check once the episode is in it (not the completed course's ring: a walk read it as passed)
  upNextQueued: <path d="M3 6h12M3 12h12M3 18h8M14 18l2.5 2.5L21 15.5" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  moon: <path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z" />,
  // downloads: an arrow into a tray to get a file; the same tray with a check once it is on the device
  download: <path d="M12 3v12M7.5 10.5 12 15l4.5-4.5M4 17v2.5A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5V17" />,
  downloaded: <path d="M7.5 9.5 10.5 12.5 16.5 6.5M4 15v4.5A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5V15" />,
  retry: <path d="M20 12a8 8 0 1 1-2.3-5.6L20 8.7M20 3.5v5.2h-5.2" />,
  stop: <rect x="8" y="8" width="8" height="8" rx="1" fill="currentColor" />,
  trash: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-13M9 7V4h6v3" />,
  up: <path d="M6 15l6-6 6 6" />,
  down: <path d="M6 9l6 6 6-6" />,
  /** a cloud struck through: needs a connection that is not there */
  offline: <path d="M8 18H6.5a4.5 4.5 0 0 1-.9-8.9M9.5 6.3A6 6 0 0 1 17.6 10 4 4 0 0 1 19.8 17M3 3l18 18" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  );
}
