/**
 * A dialog takes the focus when it opens (on its button that closes it), so a keyboard player reads it and
 * presses Enter, instead of tabbing through the page behind it to find it; when it closes, the focus goes
 * back where it was (if that is still on the page), as WAI-ARIA's dialog pattern asks.
 */
import { useEffect, useRef } from 'preact/hooks';

export function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const before = document.activeElement;
    ref.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
    };
  }, []);
  return ref;
}
