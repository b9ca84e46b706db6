/**
 * A screen that rewrites its own address (so a reload or a copied address shows what it shows) without a
 * new visit: `history.replaceState`, which fires no event. The rewrite must never undo an address changed
 * from outside in the meantime (a link followed while the screen's effect or fetch was pending): that
 * change's `hashchange` is still queued and reads `location.hash` when it runs, so overwriting the hash
 * would send the app back to this screen's address instead of the link's.
 */
import { useRef } from 'preact/hooks';
import { href, type Route } from './router.js';

/** Returns `rewrite(route)`: replaces the address with the route's, unless it changed since the screen last set it. */
export function useOwnAddress(): (route: Route) => void {
  const own = useRef<string | null>(null);
  // The address the screen was opened at (read in its first render).
  if (own.current === null) own.current = location.hash;
  return (route) => {
    if (location.hash !== own.current) return;
    history.replaceState(null, '', href(route));
    own.current = location.hash;
  };
}
