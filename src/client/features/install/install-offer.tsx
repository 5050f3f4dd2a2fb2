// The two places that offer to install the app (docs/decisions/0014-install.md): an entry at the end of the
// menu (the drawer on phones) and a dismissible card on home. Where the browser offers an install dialog
// (beforeinstallprompt) they open it; on iOS, which has none, they tell how to add the app from Safari's Share.
import { useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { INSTALL_BUTTON, INSTALL_CARD_BUTTON, INSTALL_CARD_DISMISS, INSTALL_CARD_TEXT, INSTALL_CARD_TITLE, IOS_INSTALL_HINT } from '../../lib/messages.ts';
import { cardWayOf, dismissInstallCard, promptInstall, useInstallStore, useInstallWay } from './install-store.ts';
import '../../styles/install.css';

/** 'To install, tap [Share] Share, then Add to Home Screen.' */
function IosInstallHint() {
  return (
    <>
      {IOS_INSTALL_HINT.tap} <Icon name="iosShare" className="install-share-icon" /> <strong>{IOS_INSTALL_HINT.share}</strong>
      {IOS_INSTALL_HINT.then} <strong>{IOS_INSTALL_HINT.add}</strong>.
    </>
  );
}

/** the menu's last entry: Install where the browser offers it, the iOS hint on an iPhone or iPad */
export function InstallMenuEntry() {
  const way = useInstallWay();
  if (way === null) return null;
  return (
    <div className="menu-install">
      {way === 'prompt' ? (
        <button type="button" className="menu-install-button" onClick={() => void promptInstall()}>
          <Icon name="install" />
          {INSTALL_BUTTON}
        </button>
      ) : (
        <p className="install-hint">
          <IosInstallHint />
        </p>
      )}
    </div>
  );
}

/**
 * Home's card, from the second visit on, until dismissed or installed. Whether it shows is decided when it
 * mounts (with home's content): an offer arriving later waits for the next time home opens, so the card never
 * pushes down what is already on the screen.
 */
export function InstallCard() {
  const [offered] = useState(() => cardWayOf(useInstallStore.getState()) !== null);
  const way = useInstallStore(cardWayOf);
  if (!offered || way === null) return null;

  const dismiss = () => {
    dismissInstallCard();
    // the card and its buttons are gone: keep the keyboard in the page, not on <body>
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return (
    <section className="install-card" aria-labelledby="install-card-title">
      <img className="install-card-icon" src="/icons/icon-192.png" alt="" width={44} height={44} />
      <div className="install-card-text">
        <h2 id="install-card-title">{INSTALL_CARD_TITLE}</h2>
        <p>{way === 'prompt' ? INSTALL_CARD_TEXT : <IosInstallHint />}</p>
      </div>
      <div className="install-card-actions">
        <button type="button" className="install-card-dismiss" onClick={dismiss}>
          {INSTALL_CARD_DISMISS}
        </button>
        {way === 'prompt' && (
          <button type="button" className="button" onClick={() => void promptInstall()}>
            {INSTALL_CARD_BUTTON}
          </button>
        )}
      </div>
    </section>
  );
}
