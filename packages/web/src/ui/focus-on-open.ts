/**
 * A dialog takes the focus when it opens (on its button that closes it), so a keyboard player reads it and
 * presses Enter, instead of tabbing through the page behind it to find it.
 */
import { useEffect, useRef } from 'preact/hooks';

export function useFocusOnOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
