/** Where the browser's solver is fast enough, and where the server is asked first. */
import type { Position } from '@attila/knights';

/** With fewer knights than this on the board a browser search takes long: the server is asked first. */
export const SLOW_BELOW_KNIGHTS = 5;

/** Whether a browser would search this position for long (early placement): the server is asked first. */
export function slowInBrowser(p: Position): boolean {
  const knights = p.knightSquares('R').length + p.knightSquares('H').length;
  return p.phase() === 'placement' && knights < SLOW_BELOW_KNIGHTS;
}
