/**
 * In a Tribes lesson the screen offers more than the legal moves, so a player may try a wrong one and learn
 * from the engine's answer which rule it breaks (as a Knights lesson offers every square): every card of the
 * hand into every province, a second marker into every province, every choice of hand cards in a conflict,
 * and the Double Turn tile. The engine, not this list, says which of them are allowed.
 */
import { moveText, tribeNamed, type TribeName, type TribesView } from '@attila/tribes';

/** Every sub-multiset of a hand given as counts per tribe (in the view's tribe order). */
function handChoices(names: readonly string[], hand: readonly number[]): TribeName[][] {
  const tribes = names.map((n) => tribeNamed(n) ?? 'Franks');
  let choices: TribeName[][] = [[]];
  tribes.forEach((tribe, i) => {
    const next: TribeName[][] = [];
    for (const c of choices)
      for (let k = 0; k <= hand[i]; k++) next.push([...c, ...Array<TribeName>(k).fill(tribe)]);
    choices = next;
  });
  return choices;
}

export function everyTribesMove(
  view: TribesView,
  provinces: readonly string[],
  legal: readonly string[],
): string[] {
  if (view.viewer === null || view.toAct !== view.viewer || !view.hand) return [];
  // With no playable card the decision is the forced discard: offering cards to play would hide it.
  if (legal.some((m) => m.startsWith('discard '))) return [];
  const hand = view.hand;
  const tiles = [moveText({ kind: 'double' })];
  if (view.phase === 'play') {
    const held = view.tribes.flatMap((name, i) => {
      const tribe = tribeNamed(name);
      return tribe && hand[i] > 0 ? [tribe] : [];
    });
    return [
      ...held.flatMap((tribe) => provinces.map((province) => moveText({ kind: 'play', tribe, province }))),
      ...tiles,
    ];
  }
  if (view.phase === 'influence')
    return [...provinces.map((province) => moveText({ kind: 'second', province })), ...tiles];
  if (view.phase === 'commit')
    return handChoices(view.tribes, hand).map((cards) => moveText({ kind: 'commit', cards }));
  return [];
}
