// Offering to install the app (docs/decisions/0014-install.md): the browser's `beforeinstallprompt` event,
// caught at the app's start (start.tsx, before React mounts; main.tsx and shell-boot.js keep one made before), so
// an early one is never missed, and the device's own record of visits, a dismissed offer and an installed app. The
// record lives in localStorage, read synchronously, so home knows on its first render whether the card belongs there
// (no layout shift).
import * as v from 'valibot';
import { create } from 'zustand';
import { parsePersisted } from '../../lib/persist/schema.ts';

/** Chrome's event (not in TypeScript's DOM library): prompt() once, then the user's answer */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

const DeviceRecord = v.object({
  /** browsing sessions (a tab or an app launch) that loaded the app on this device */
  visits: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0), 0),
  /** the user closed the home card or said no to the browser's install dialog */
  dismissed: v.fallback(v.optional(v.boolean(), false), false),
  /** the app was installed from this browser */
  installed: v.fallback(v.optional(v.boolean(), false), false),
});
type DeviceRecord = v.InferOutput<typeof DeviceRecord>;

/** the localStorage key of the device record; logout keeps it (a device's setting, not a student's) */
export const INSTALL_RECORD_KEY = 'cepass.install';
/** set in sessionStorage once this browsing session is counted, so a reload is not a second visit */
const COUNTED_KEY = 'cepass.install.counted';

const readRecord = (): DeviceRecord => {
  try {
    return parsePersisted(DeviceRecord, JSON.parse(localStorage.getItem(INSTALL_RECORD_KEY) ?? '{}'));
  } catch {
    return parsePersisted(DeviceRecord, {});
  }
};

const writeRecord = (record: DeviceRecord): void => {
  try {
    localStorage.setItem(INSTALL_RECORD_KEY, JSON.stringify(record));
  } catch {
    // storage disabled: the offer is simply made again next time
  }
};

/** iPhone, iPod or iPad (iPadOS reports a Mac with a touch screen): no install event, only Share → Add to Home Screen */
const isIos = (): boolean =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const STANDALONE_QUERY = '(display-mode: standalone), (display-mode: fullscreen), (display-mode: minimal-ui)';

/** already running as the installed app (Safari's own flag on iOS) */
const isStandalone = (): boolean =>
  matchMedia(STANDALONE_QUERY).matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

interface InstallState extends DeviceRecord {
  /** the browser's offer, until it is used or the app is installed */
  offer: BeforeInstallPromptEvent | null;
  standalone: boolean;
  ios: boolean;
}

export const useInstallStore = create<InstallState>()(() => ({
  ...parsePersisted(DeviceRecord, {}),
  offer: null,
  standalone: false,
  ios: false,
}));

const saveRecord = (change: Partial<DeviceRecord>): void => {
  useInstallStore.setState(change);
  const { visits, dismissed, installed } = useInstallStore.getState();
  writeRecord({ visits, dismissed, installed });
};

let capturing = false;

/** listens for the browser's offer and for the installation, and counts this visit; call before React mounts */
export function captureInstallEvents(): void {
  if (capturing) return;
  capturing = true;
  const record = readRecord();
  let counted = false;
  try {
    counted = sessionStorage.getItem(COUNTED_KEY) !== null;
    sessionStorage.setItem(COUNTED_KEY, '1');
  } catch {
    // no sessionStorage: every load counts
  }
  useInstallStore.setState({ ...record, standalone: isStandalone(), ios: isIos() });
  saveRecord({ visits: counted ? record.visits : record.visits + 1 });

  addEventListener('beforeinstallprompt', (event) => {
    // our own button and card offer it: no browser mini-infobar on top of them
    event.preventDefault();
    useInstallStore.setState({ offer: event as BeforeInstallPromptEvent });
  });
  // the app starts after React's evaluation (main.tsx), and under a prerendered shell after the first paint: an offer
  // made before was kept there, or by shell-boot.js
  const early = window as Window & { __earlyInstallPrompt?: BeforeInstallPromptEvent };
  if (early.__earlyInstallPrompt) {
    useInstallStore.setState({ offer: early.__earlyInstallPrompt });
    delete early.__earlyInstallPrompt;
  }
  addEventListener('appinstalled', () => {
    useInstallStore.setState({ offer: null });
    saveRecord({ installed: true });
  });
  matchMedia(STANDALONE_QUERY).addEventListener('change', () => useInstallStore.setState({ standalone: isStandalone() }));
}

/** how this browser can install the app now: its own dialog, the iOS Share-sheet hint, or not at all */
export type InstallWay = 'prompt' | 'ios' | null;

export const installWayOf = (s: InstallState): InstallWay => {
  if (s.standalone || s.installed) return null;
  if (s.offer) return 'prompt';
  return s.ios ? 'ios' : null;
};

/** the home card: from the second visit on, until dismissed or installed */
export const cardWayOf = (s: InstallState): InstallWay => (s.dismissed || s.visits < 2 ? null : installWayOf(s));

export const useInstallWay = (): InstallWay => useInstallStore(installWayOf);

/** the home card will not be offered again on this device */
export const dismissInstallCard = (): void => saveRecord({ dismissed: true });

/**
 * Opens the browser's install dialog (an event allows it once). Accepted: the app is installed; declined:
 * the card is not offered again (the drawer's button returns if the browser offers once more).
 */
export async function promptInstall(): Promise<void> {
  const offer = useInstallStore.getState().offer;
  if (!offer) return;
  useInstallStore.setState({ offer: null });
  try {
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    saveRecord(outcome === 'accepted' ? { installed: true } : { dismissed: true });
  } catch {
    // the browser withdrew the offer (used elsewhere, or no longer installable): nothing to show
  }
}
