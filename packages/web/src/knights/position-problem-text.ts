/** A position's problem (the engine's, as data) in the player's language. */
import type { PositionProblem } from '@attila/knights';
import type { T } from '../i18n/i18n.js';

export function positionProblemText(t: T, p: PositionProblem): string {
  const key = `knights.positionProblem.${p.kind}`;
  switch (p.kind) {
    case 'too-many':
    case 'turn':
      return t(key, { ...p, side: t(`sides.${p.side}`) });
    case 'trapped':
      return t(key, { squares: p.squares.join(', '), count: p.squares.length });
    default:
      return t(key, { ...p });
  }
}
