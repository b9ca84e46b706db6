/**
 * A position's value as one byte of the build, ordered so that a smaller code is worse for the side to move:
 * a loss in N plies is 1 + N (a longer loss is better), a win in N plies is 64 − N (a quicker win is better),
 * so every win is above every loss. The best move leaves the opponent the smallest code, and the parent's
 * code is a decreasing function of the child's (`PARENT_CODE`), so a position's code is
 * PARENT_CODE[min over its moves of the child's code], and NO_MOVE (a position without a move) gives a loss
 * in 0.
 *
 * On disk (`nibbles.ts`) a value takes 4 bits, |value| (at most 14 plies are left after the placement): wins
 * have an odd length and losses an even one, so the sign follows from the parity.
 */

export const NO_MOVE = 255;

export function codeOfValue(value: number): number {
  return value > 0 ? 64 - value : 1 - value;
}

export function valueOfCode(code: number): number {
  return code >= 32 ? 64 - code : 1 - code;
}

/** PARENT_CODE[child's code] = the code of the position for the side that moved there. */
export const PARENT_CODE = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 256; c++) {
    if (c === NO_MOVE) t[c] = codeOfValue(0);
    else if (c >= 1 && c <= 63) {
      const v = valueOfCode(c);
      t[c] = codeOfValue(v > 0 ? -(v + 1) : 1 - v);
    }
  }
  return t;
})();

/** The value of a position from the length alone (4 bits on disk): odd lengths are wins, even ones losses. */
export function valueOfLength(length: number): number {
  return length % 2 === 1 ? length : length === 0 ? 0 : -length;
}
