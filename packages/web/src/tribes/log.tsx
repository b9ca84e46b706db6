/** The game log: every public event of the game, in words. */
import type { TribesEvent } from '@attila/tribes';
import { useEffect, useRef } from 'preact/hooks';
import { useT, type T } from '../i18n/i18n.js';

export interface LoggedMove {
  readonly seat: number;
  readonly events: readonly TribesEvent[];
}

function tribe(t: T, name: string): string {
  return t(`tribes.tribe.${name.toLowerCase()}`);
}

export function describeEvent(
  t: T,
  e: TribesEvent,
  names: readonly string[],
  provinces: ReadonlyMap<string, string>,
): string | null {
  const who = 'seat' in e ? (names[e.seat] ?? `#${e.seat}`) : '';
  const where = 'province' in e ? (provinces.get(e.province) ?? e.province) : '';
  switch (e.type) {
    case 'turn-started':
      return t('events.turnStarted', { name: who });
    case 'card-played':
      return t('events.cardPlayed', { name: who, tribe: tribe(t, e.tribe) });
    case 'marker-placed':
      return t('events.markerPlaced', { tribe: tribe(t, e.tribe), province: where, n: e.markers });
    case 'influence':
      return t('events.influence', { name: who, tribe: tribe(t, e.tribe), from: e.from, to: e.to });
    case 'conflict-started':
      return t('events.conflictStarted', { province: where });
    case 'cards-committed':
      return t('events.cardsCommitted', { name: who, count: e.count });
    case 'cards-revealed':
      return t('events.cardsRevealed', {
        province: where,
        strengths: Object.entries(e.strengths)
          .map(([k, v]) => `${tribe(t, k)} ${v}`)
          .join(', '),
      });
    case 'tribe-removed':
      return t('events.tribeRemoved', {
        tribe: tribe(t, e.tribe),
        province: where,
        count: e.markers,
      });
    case 'peace-placed':
      return t('events.peacePlaced', { province: where, n: e.century });
    case 'century-scored': {
      // The points stay in the log once the scoring's dialog is closed: "Bleda +12 (24 in all)".
      const points = e.points
        .map((p, seat) =>
          t('events.seatPoints', { name: names[seat] ?? `#${seat}`, points: p, total: e.scores[seat] }),
        )
        .join(', ');
      return `${e.final ? t('events.finalScored') : t('events.centuryScored', { n: e.century })}: ${points}`;
    }
    case 'tile-used':
      return t('events.tileUsed', {
        name: who,
        tile: t(`tribes.action.${e.tile === 'influence' ? 'twoInfluence' : e.tile}`),
      });
    case 'forced-discard':
      return t('events.forcedDiscard', { name: who, tribe: tribe(t, e.tribe) });
    case 'hand-empty':
      return t('events.handEmpty', { name: who });
    case 'reshuffled':
      return t('events.reshuffled');
    case 'cards-drawn':
      return t('events.cardsDrawn', { name: who, count: e.count });
    case 'game-over':
      return t('events.gameOver');
    default:
      return null;
  }
}

export function GameLog(props: {
  log: readonly LoggedMove[];
  names: readonly string[];
  provinces: ReadonlyMap<string, string>;
}) {
  const t = useT();
  const ref = useRef<HTMLOListElement>(null);
  const lines = props.log.flatMap((m) =>
    m.events
      .map((e) => describeEvent(t, e, props.names, props.provinces))
      .filter((s): s is string => s !== null),
  );
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [lines.length]);
  return (
    <section class="card log">
      <h2 class="minor-heading">{t('common.log')}</h2>
      {/* Focusable so a keyboard can scroll a long log. */}
      <ol ref={ref} class="log-lines" data-testid="log" aria-live="polite" tabindex={0}>
        {/* The whole game: a reload or a late joiner gets every line from the welcome (issue 18, defect 6). */}
        {lines.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ol>
    </section>
  );
}
