/**
 * Screens load on demand, so the first screen needs only the app shell: the game engines, the map data
 * and the coastlines come in their own chunks when a screen that uses them is opened.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const start = () => (pending ??= load().then((c) => void (loaded = c)));
  return function LazyScreen(props: P) {
    const t = useT();
    const [, setReady] = useState(loaded !== null);
    useEffect(() => {
      let live = true;
      if (!loaded) void start().then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, []);
    if (!loaded) return <main class="page muted">{t('app.loading')}</main>;
    const Screen = loaded;
    return <Screen {...props} />;
  };
}
