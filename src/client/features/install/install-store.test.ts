// The install offer's device record: visits counted once per browsing session, the card from the second
// visit, the browser's answer remembered, iOS told apart. Each test loads the module afresh, as a page load does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Store = typeof import('./install-store.ts');

/** a page load: the module evaluated anew and its listeners attached */
async function load(): Promise<Store> {
  vi.resetModules();
  const store = await import('./install-store.ts');
  store.captureInstallEvents();
  return store;
}

/** the browser's offer, with the answer the user will give */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  dispatchEvent(event);
  return event;
}

const listeners: [string, EventListener][] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // every load adds window listeners: remove them after the test, so an old module never hears the next test's events
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    listeners.push([type, listener as EventListener]);
    add(type, listener, options);
  });
});

afterEach(() => {
  for (const [type, listener] of listeners.splice(0)) window.removeEventListener(type, listener);
});

describe('install offer', () => {
  it('offers the card from the second browsing session; a reload is the same visit', async () => {
    let s = await load();
    offer('dismissed');
    expect(s.installWayOf(s.useInstallStore.getState())).toBe('prompt');
    expect(s.cardWayOf(s.useInstallStore.getState())).toBeNull();

    s = await load(); // reload: sessionStorage is kept
    offer('dismissed');
    expect(s.cardWayOf(s.useInstallStore.getState())).toBeNull();

    sessionStorage.clear(); // a new tab or app launch
    s = await load();
    offer('dismissed');
    expect(s.cardWayOf(s.useInstallStore.getState())).toBe('prompt');
  });

  it('takes the offer from the browser (no mini-infobar) and prompts once', async () => {
    const s = await load();
    const event = offer('accepted');
    expect(event.defaultPrevented).toBe(true);
    await s.promptInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(s.useInstallStore.getState().offer).toBeNull();
    await s.promptInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });

  it('never offers again once installed, accepted or dismissed', async () => {
    let s = await load();
    offer('accepted');
    await s.promptInstall();
    sessionStorage.clear();
    s = await load();
    offer('accepted');
    expect(s.installWayOf(s.useInstallStore.getState())).toBeNull();

    localStorage.clear();
    sessionStorage.clear();
    s = await load();
    sessionStorage.clear();
    s = await load();
    offer('dismissed');
    s.dismissInstallCard();
    sessionStorage.clear();
    s = await load();
    offer('dismissed');
    expect(s.cardWayOf(s.useInstallStore.getState())).toBeNull();
    // the menu still has its Install button
    expect(s.installWayOf(s.useInstallStore.getState())).toBe('prompt');

    localStorage.clear();
    s = await load();
    dispatchEvent(new Event('appinstalled'));
    s = await load();
    offer('dismissed');
    expect(s.installWayOf(s.useInstallStore.getState())).toBeNull();
  });

  it('saying no in the browser dialog ends the card, not the menu entry', async () => {
    let s = await load();
    sessionStorage.clear();
    s = await load();
    offer('dismissed');
    await s.promptInstall();
    expect(s.useInstallStore.getState().dismissed).toBe(true);
    offer('dismissed');
    expect(s.installWayOf(s.useInstallStore.getState())).toBe('prompt');
    expect(s.cardWayOf(s.useInstallStore.getState())).toBeNull();
  });

  it('gives the Share-sheet hint on an iPhone, and nothing once running from the home screen', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1');
    let s = await load();
    expect(s.installWayOf(s.useInstallStore.getState())).toBe('ios');
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      s = await load();
      expect(s.installWayOf(s.useInstallStore.getState())).toBeNull();
    } finally {
      delete (navigator as { standalone?: boolean }).standalone;
    }
  });

  it('survives a damaged record', async () => {
    localStorage.setItem('cepass.install', '{not json');
    const s = await load();
    expect(s.useInstallStore.getState()).toMatchObject({ visits: 1, dismissed: false, installed: false });
  });
});
