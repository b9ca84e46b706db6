/**
 * Plain-text rendering for terminals and logs: one line per event, and a board summary of a view (which
 * holds only what its viewer may see, so the summary cannot leak either).
 */
import type { TribesEvent } from './events.js';
import type { TribesMap } from './map.js';
import { TRIBES } from './tribes.js';
import type { TribesView } from './view.js';

const seat = (i: number) => `seat ${i}`;

function cards(list: readonly string[]): string {
  return list.length ? list.join(', ') : 'nothing';
}

/** `Tribe count, ...` for counts by tribe name. */
function counts(byTribe: Readonly<Partial<Record<string, number>>>): string {
  return Object.entries(byTribe)
    .map(([t, k]) => `${t} ${k}`)
    .join(', ');
}

/** One line describing an event, or null for events not worth a line of their own. */
export function describeEvent(e: TribesEvent): string | null {
  switch (e.type) {
    case 'turn-started':
      return `— turn ${e.turn}: ${seat(e.seat)} —`;
    case 'turn-ended':
      return null;
    case 'card-played':
      return `${seat(e.seat)} plays ${e.tribe}`;
    case 'marker-placed':
      return `${seat(e.seat)} places ${e.second ? 'a second' : 'a'} ${e.tribe} marker in ${e.province} (${e.markers} there)`;
    case 'influence':
      return `${seat(e.seat)} ${e.tribe} influence ${e.from} → ${e.to}${e.by === 'tile' ? ' (Two Influence)' : ''}`;
    case 'conflict-started':
      return `conflict in ${e.province}: ${counts(e.markers)}`;
    case 'cards-committed':
      return `${seat(e.seat)} lays ${e.count} card${e.count === 1 ? '' : 's'} face down`;
    case 'cards-revealed': {
      const laid = e.cards.map((c, i) => `${seat(i)}: ${cards(c)}`).join('; ');
      return `revealed in ${e.province} — ${laid}. Strengths: ${counts(e.strengths)}`;
    }
    case 'tribe-removed':
      return `${e.tribe} lose ${e.province}: ${e.markers} marker${e.markers === 1 ? '' : 's'} back to the supply`;
    case 'peace-placed':
      return `peace in ${e.province} (${e.century}th century tile)`;
    case 'century-scored': {
      const pts = e.points.map((p, i) => `${seat(i)} +${p}`).join(', ');
      return `${e.final ? 'final scoring' : `scoring of the ${e.century}th century`}: ${pts}; scores ${e.scores.join(' / ')}`;
    }
    case 'tile-used':
      if (e.tile === 'double') return `${seat(e.seat)} uses Double Turn`;
      if (e.tile === 'trade') return `${seat(e.seat)} uses Trade, discarding ${cards(e.discarded)}`;
      return `${seat(e.seat)} uses Two Influence`;
    case 'forced-discard':
      return `${seat(e.seat)} has no playable card (hand: ${cards(e.hand)}) and discards ${e.tribe}`;
    case 'hand-empty':
      return `${seat(e.seat)} has no card to play; the turn ends`;
    case 'cards-drawn':
      return `${seat(e.seat)} draws ${e.count}`;
    case 'reshuffled':
      return `the discard pile (${e.cards} cards) is shuffled into a new draw pile`;
    case 'game-over':
      return `game over (${e.reason}). Scores ${e.scores.join(' / ')}; winner${e.winners.length > 1 ? 's' : ''}: ${e.winners.map(seat).join(', ')}`;
  }
}

function perTribe(counts: readonly number[]): string {
  const parts = counts.flatMap((k, t) => (k ? [`${TRIBES[t]} ${k}`] : []));
  return parts.length ? parts.join(', ') : '—';
}

/** A board summary of a view: provinces with markers, tracks, scores, piles, and the viewer's own hand. */
export function renderView(v: TribesView, map: TribesMap): string {
  const lines: string[] = [];
  const left = v.peaceTilesLeft.map((k, i) => `${i + 4}th:${k}`).join(' ');
  lines.push(`${v.century}th century (a card gives ${v.cardInfluence} influence); peace tiles left ${left}`);
  for (const p of v.provinces) {
    const province = map.provinces.find((q) => q.id === p.id)!;
    if (!province.playable) continue;
    const total = p.markers.reduce((a, b) => a + b, 0);
    if (total === 0 && p.peace === null) continue;
    lines.push(`  ${p.id.padEnd(14)} ${perTribe(p.markers)}${p.peace ? `  [peace, ${p.peace}th]` : ''}`);
  }
  lines.push(`supply: ${TRIBES.map((t, i) => `${t} ${v.supply[i]}`).join(', ')}`);
  lines.push(`influence (${TRIBES.join(' / ')}):`);
  for (let i = 0; i < v.players; i++) {
    const tiles = Object.entries(v.tiles[i])
      .filter(([, has]) => has)
      .map(([t]) => t);
    lines.push(
      `  seat ${i}: ${v.influence[i].join(' / ')}   score ${v.scores[i]}   cards ${v.handSizes[i]}   tiles ${tiles.join(', ') || '—'}`,
    );
  }
  lines.push(`draw pile ${v.drawPile}, discard pile: ${perTribe(v.discard)}`);
  if (v.conflict) {
    const laid = v.conflict.committed.map((c, i) => `seat ${i}: ${c === null ? '…' : c}`).join(', ');
    lines.push(`conflict in ${v.conflict.province}; laid face down: ${laid}`);
  }
  if (v.hand) lines.push(`your hand (seat ${v.viewer}): ${perTribe(v.hand)}`);
  return lines.join('\n');
}
