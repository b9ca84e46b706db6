/**
 * Moves as small integers, for the engine and the bots. Bits 0-2 are the kind; then
 * - play, discard: tribe in bits 3-5, province in bits 6-10 (play only);
 * - second marker: province in bits 6-10;
 * - commit, trade: a card count per tribe, 3 bits each from bit 3 (Franks first);
 * - Two Influence: first tribe in bits 3-5, second in bits 6-8 (the same tribe twice means +2 on it).
 */
export const MoveKind = {
  Play: 0,
  Influence: 1,
  Second: 2,
  Commit: 3,
  Discard: 4,
  Double: 5,
  Trade: 6,
  TwoInfluence: 7,
} as const;
export type MoveKind = (typeof MoveKind)[keyof typeof MoveKind];

export type MoveCode = number;

export const moveKind = (m: MoveCode): MoveKind => (m & 7) as MoveKind;
export const moveTribe = (m: MoveCode): number => (m >> 3) & 7;
export const moveProvince = (m: MoveCode): number => (m >> 6) & 31;
export const moveSecondTribe = (m: MoveCode): number => (m >> 6) & 7;
/** Cards of `tribe` in a commit or trade move. */
export const moveCount = (m: MoveCode, tribe: number): number => (m >> (3 + 3 * tribe)) & 7;

export const playMove = (tribe: number, province: number): MoveCode =>
  MoveKind.Play | (tribe << 3) | (province << 6);
export const INFLUENCE_MOVE: MoveCode = MoveKind.Influence;
export const secondMove = (province: number): MoveCode => MoveKind.Second | (province << 6);
export const discardMove = (tribe: number): MoveCode => MoveKind.Discard | (tribe << 3);
export const DOUBLE_MOVE: MoveCode = MoveKind.Double;
export const twoInfluenceMove = (a: number, b: number): MoveCode =>
  MoveKind.TwoInfluence | (a << 3) | (b << 6);

/** A commit or trade move from counts per tribe (each 0..7). */
export function cardsMove(
  kind: typeof MoveKind.Commit | typeof MoveKind.Trade,
  counts: ArrayLike<number>,
): MoveCode {
  let m: number = kind;
  for (let t = 0; t < 6; t++) m |= counts[t] << (3 + 3 * t);
  return m;
}

/** Total cards in a commit or trade move. */
export function moveCardTotal(m: MoveCode): number {
  let n = 0;
  for (let t = 0; t < 6; t++) n += (m >> (3 + 3 * t)) & 7;
  return n;
}
