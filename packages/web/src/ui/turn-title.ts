/**
 * A signal that it is your turn that works while the player looks at another tab: the page's title says
 * so (tabs show it), and goes back once the move is made.
 */
import { useEffect } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';

export function useTurnTitle(myTurn: boolean): void {
  const t = useT();
  const label = t('common.yourTurn');
  useEffect(() => {
    if (!myTurn) return;
    const base = document.title;
    document.title = `● ${label} — ${base}`;
    return () => {
      document.title = base;
    };
  }, [myTurn, label]);
}
