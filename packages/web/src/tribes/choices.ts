/**
 * Turning the engine's legal move list (text notation, see packages/tribes/src/notation.ts) into the
 * choices a player makes on screen: which cards can be played and where, influence or a second marker,
 * what may be laid in a conflict, which action tiles may be used. Only reading; the engine decides.
 */
export interface TribesChoices {
  /** Tribe (engine name) → provinces its card may go to. */
  readonly play: ReadonlyMap<string, readonly string[]>;
  readonly influence: boolean;
  /** Provinces for a second marker. */
  readonly second: readonly string[];
  /** Legal commitments, canonical text after `commit ` (`-` for none). */
  readonly commits: ReadonlySet<string>;
  readonly discards: readonly string[];
  readonly tileDouble: boolean;
  readonly trades: ReadonlySet<string>;
  /** `Franks` or `Franks+Huns`. */
  readonly twoInfluence: readonly string[];
}

export function choicesOf(legal: readonly string[]): TribesChoices {
  const play = new Map<string, string[]>();
  const second: string[] = [];
  const commits = new Set<string>();
  const discards: string[] = [];
  const trades = new Set<string>();
  const twoInfluence: string[] = [];
  let influence = false;
  let tileDouble = false;
  for (const m of legal) {
    const w = m.split(' ');
    if (w[0] === 'play' && w.length === 3) {
      const list = play.get(w[1]) ?? [];
      list.push(w[2]);
      play.set(w[1], list);
    } else if (w[0] === 'influence') influence = true;
    else if (w[0] === 'second') second.push(w[1]);
    else if (w[0] === 'commit') commits.add(w[1]);
    else if (w[0] === 'discard') discards.push(w[1]);
    else if (w[0] === 'tile' && w[1] === 'double') tileDouble = true;
    else if (w[0] === 'tile' && w[1] === 'trade') trades.add(w[2]);
    else if (w[0] === 'tile' && w[1] === 'influence') twoInfluence.push(w[2]);
  }
  return { play, influence, second, commits, discards, tileDouble, trades, twoInfluence };
}

/** Cards per tribe (in the engine's tribe order) as the canonical card list: `Huns,Huns,Goths`, or `-`. */
export function cardList(tribes: readonly string[], counts: readonly number[]): string {
  const out: string[] = [];
  tribes.forEach((t, i) => {
    for (let k = 0; k < (counts[i] ?? 0); k++) out.push(t);
  });
  return out.length ? out.join(',') : '-';
}

/** The most cards of each tribe any legal card list lays (bounds the counters on screen). */
export function maxPerTribe(tribes: readonly string[], lists: ReadonlySet<string>): number[] {
  const max = tribes.map(() => 0);
  for (const l of lists) {
    if (l === '-') continue;
    const counts = tribes.map(() => 0);
    for (const name of l.split(',')) {
      const i = tribes.indexOf(name);
      if (i >= 0) counts[i]++;
    }
    counts.forEach((c, i) => (max[i] = Math.max(max[i], c)));
  }
  return max;
}
