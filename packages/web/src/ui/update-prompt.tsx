/**
 * The installed app's service worker (vite-plugin-pwa, Workbox): registered here, and when a new version has
 * been deployed and downloaded, a bar offers "reload". Nothing reloads by itself: a hotseat game in progress
 * is the player's, and the new version takes over only when they say so. Once the worker is active, the
 * app's files are cached: hotseat games and games against the bots on this device work offline (nothing is
 * said about it: a notice on every first visit would push the game down on a phone).
 */
import { useRegisterSW } from 'virtual:pwa-register/preact';
import { useT } from '../i18n/i18n.js';

/** How often an open app asks the server whether a new version is out (a reload also asks). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const t = useT();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  if (needRefresh) {
    return (
      <div class="app-notice" role="status" data-testid="update-prompt">
        <span>{t('pwa.updateReady')}</span>
        <button type="button" data-testid="update-reload" onClick={() => void updateServiceWorker(true)}>
          {t('pwa.reload')}
        </button>
        <button type="button" class="secondary" onClick={() => setNeedRefresh(false)}>
          {t('pwa.later')}
        </button>
      </div>
    );
  }
  return null;
}

/** The version this page runs (the home screen shows it: what a player quotes when reporting a problem). */
export function AppVersion() {
  const t = useT();
  return (
    <p class="muted app-version" data-testid="app-version">
      {t('pwa.version', { version: __ATTILA_VERSION__ })}
    </p>
  );
}
