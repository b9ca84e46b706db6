/**
 * Asking before a game in progress is left: the browser's own question when the page is reloaded or closed
 * (`beforeunload`), and a confirmation when a link to another screen (the header's, for instance) is
 * followed. The hotseat games are kept in storage, so the question says how to come back.
 */
import { useEffect } from 'preact/hooks';

export function useLeaveGuard(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = question;
    };
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!link || e.defaultPrevented || link.getAttribute('href') === location.hash) return;
      if (!confirm(question)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
