/**
 * A whole Tribes game screen for one viewer: the map, centuries, players, influence, the decision the
 * viewer must make (if any), conflicts with their reveal, century scoring tables, and the log. Used by
 * hotseat, live tables and replays alike.
 */
import {
  choicesOf,
  DEFAULT_MAP,
  moveText,
  type CenturyScored,
  type TribeName,
  type TribesView,
} from '@attila/tribes';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { TribesMoveInput } from './move-input.js';
import { useT } from '../i18n/i18n.js';
import { useFocusOnOpen } from '../ui/focus-on-open.js';
import { distinctNames } from '../ui/names.js';
import { ConflictReveal, ConflictStatus, ScoringTable, type RevealEvent } from './conflict.js';
import { Decision, Hand, type Pending } from './decision.js';
import type { ProvinceGeo } from './geography.js';
import { EndSummary } from './end-summary.js';
import { GameLog, type LoggedMove } from './log.js';
import { TribesMap } from './map.js';
import { MapScrollHint } from './map-scroll-hint.js';
import { Centuries, Influence, Players } from './panels.js';
import { tribeIds } from './view.js';

export interface TribesPlayProps {
  readonly view: TribesView;
  readonly legal: readonly string[];
  /**
   * Moves offered besides the legal ones, not highlighted (a lesson offers every province, card and
   * commitment so that a wrong one can be tried: the engine then says which rule it breaks).
   */
  readonly tryable?: readonly string[];
  readonly onMove?: (move: string) => void;
  readonly names: readonly string[];
  readonly log: readonly LoggedMove[];
  /** Custom maps come with the settings; otherwise the default map's geometry. */
  readonly mapJson?: { provinces: readonly ProvinceGeo[] } | null;
  /** Replays step quickly: no pop-ups. */
  readonly popups?: boolean;
  /** Moves made so far: changes with every move (tests and screen readers wait on it). */
  readonly seq: number;
  /**
   * The last pop-up closed, when the caller keeps it (hotseat: the screen is rebuilt after every
   * pass-the-device screen and must not take the pop-ups it has not shown as seen).
   */
  readonly seenPopup?: number;
  readonly onSeenPopup?: (key: number) => void;
  /** Links shown with the final standings (a live game's replay). */
  readonly endActions?: ComponentChildren;
  /** Said under the standings (a live game's rating changes). */
  readonly endFacts?: ComponentChildren;
}

export interface Popup {
  readonly key: number;
  readonly reveal?: RevealEvent;
  readonly scoring?: CenturyScored;
}

/** The reveals and scorings in the log, each with a stable index so it pops up once. */
export function popupsOf(log: readonly LoggedMove[]): Popup[] {
  const out: Popup[] = [];
  let k = 0;
  let reveal: (RevealEvent & { removed: TribeName[] }) | null = null;
  for (const m of log) {
    for (const e of m.events) {
      k++;
      if (e.type === 'cards-revealed') {
        reveal = { province: e.province, cards: e.cards, strengths: e.strengths, removed: [] };
        out.push({ key: k, reveal });
      } else if (e.type === 'tribe-removed' && reveal && e.province === reveal.province) {
        reveal.removed.push(e.tribe);
      } else if (e.type === 'century-scored') {
        out.push({ key: k, scoring: e });
      }
    }
  }
  return out;
}

export function TribesPlay(input: TribesPlayProps) {
  const t = useT();
  const props = { ...input, names: distinctNames(input.names) };
  const { view, legal } = props;
  const provinces: readonly ProvinceGeo[] = props.mapJson?.provinces ?? DEFAULT_MAP.json.provinces;
  const provinceNames = useMemo(() => new Map(provinces.map((p) => [p.id, p.name])), [provinces]);
  // A half-made choice belongs to the legal moves it was made from: it lapses in the same render as they
  // change (an effect resetting it ran late and could undo a choice made quickly after a move).
  const legalKey = legal.join('|');
  const [choice, setChoice] = useState<{ key: string; pending: Pending }>({ key: legalKey, pending: null });
  const pending = choice.key === legalKey ? choice.pending : null;
  const setPending = (p: Pending) => setChoice({ key: legalKey, pending: p });
  const popups = useMemo(() => popupsOf(props.log), [props.log]);
  const [ownSeen, setOwnSeen] = useState(() => (popups.length ? popups[popups.length - 1].key : 0));
  const seen = props.seenPopup ?? ownSeen;
  const setSeen = (key: number) => (props.onSeenPopup ? props.onSeenPopup(key) : setOwnSeen(key));
  const next = props.popups === false ? undefined : popups.find((p) => p.key > seen);
  const c = choicesOf(legal);
  const offered = props.tryable ? [...legal, ...props.tryable] : legal;
  const tried = choicesOf(offered);
  const [endClosed, setEndClosed] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a narrow screen the map scrolls sideways: it starts at its western edge, as a map is read (started
    // in the east, players never saw that there was a west: issue 31); the hint below says it scrolls.
    const el = scrollRef.current;
    if (el) el.scrollLeft = 0;
  }, []);

  const selectable = new Set<string>(
    pending?.kind === 'card' ? (c.play.get(pending.tribe) ?? []) : pending?.kind === 'second' ? c.second : [],
  );
  const tryable = new Set<string>(
    pending?.kind === 'card'
      ? (tried.play.get(pending.tribe) ?? [])
      : pending?.kind === 'second'
        ? tried.second
        : [],
  );
  const onPick = (province: string) => {
    if (!props.onMove) return;
    if (pending?.kind === 'card') props.onMove(moveText({ kind: 'play', tribe: pending.tribe, province }));
    else if (pending?.kind === 'second') props.onMove(moveText({ kind: 'second', province }));
    setPending(null);
  };
  let lastPlaced: string | null = null;
  for (const m of props.log)
    for (const e of m.events) if (e.type === 'marker-placed') lastPlaced = e.province;

  const ids = tribeIds(view);
  /** The viewer's way to move, when it is the viewer's turn. */
  const myTurn =
    view.viewer !== null && view.toAct === view.viewer && legal.length > 0 ? props.onMove : undefined;
  const status = view.result
    ? t('common.gameOver')
    : view.toAct !== null
      ? myTurn
        ? t('common.yourTurn')
        : t('common.theirTurn', { name: props.names[view.toAct] })
      : '';

  return (
    <div class="tribes-play" data-phase={view.phase} data-to-act={view.toAct ?? ''} data-seq={props.seq}>
      <div class="tribes-main">
        <div class="card map-card">
          <div class="status" data-testid="status">
            {status}
            {view.card && view.phase === 'influence' && (
              <span class="muted small"> · {t(`tribes.tribe.${view.card.toLowerCase()}`)}</span>
            )}
          </div>
          {/* Focusable so the map can be scrolled with the keyboard where it is wider than the screen. */}
          <div class="map-scroll" ref={scrollRef} tabindex={0} aria-label={t('tribes.mapLabel')}>
            <TribesMap
              provinces={provinces}
              state={view.provinces}
              tribes={ids}
              selectable={selectable}
              tryable={tryable}
              onPick={onPick}
              conflict={view.conflict?.province ?? null}
              lastPlaced={lastPlaced}
            />
          </div>
          <MapScrollHint target={scrollRef} />
          <p class="muted small map-note">{t('tribes.reconstruction')}</p>
        </div>
        {myTurn ? (
          <div class="card hand-bar">
            <Decision view={view} legal={offered} onMove={myTurn} pending={pending} setPending={setPending} />
          </div>
        ) : (
          view.hand && (
            // Pinned over the map on a phone only while the game is on: after it, the map is all there is to see.
            <div class={`card hand-bar${view.result ? ' game-over' : ''}`}>
              <h2 class="minor-heading">{t('tribes.hand')}</h2>
              <Hand view={view} selected={null} playable={new Set()} />
            </div>
          )
        )}
        <ConflictStatus view={view} names={props.names} provinces={provinceNames} />
      </div>
      <aside class="tribes-side">
        {myTurn && (
          <div class="card">
            <TribesMoveInput legal={legal} onMove={myTurn} />
          </div>
        )}
        <div class="card">
          <Centuries view={view} />
        </div>
        <div class="card">
          <Players view={view} names={props.names} />
        </div>
        <div class="card">
          <Influence view={view} names={props.names} />
        </div>
        <GameLog log={props.log} names={props.names} provinces={provinceNames} />
      </aside>
      {next?.reveal && (
        <ConflictReveal
          reveal={next.reveal}
          view={view}
          names={props.names}
          provinces={provinceNames}
          onClose={() => setSeen(next.key)}
        />
      )}
      {next?.scoring && (
        <ScoringTable scoring={next.scoring} names={props.names} onClose={() => setSeen(next.key)} />
      )}
      {!next && view.result && !endClosed && props.popups !== false && (
        <FinalStandings
          view={view}
          names={props.names}
          log={props.log}
          onClose={() => setEndClosed(true)}
          actions={props.endActions}
          facts={props.endFacts}
        />
      )}
    </div>
  );
}

/** The end of the game: why it ended, and everyone's points per century and in all, the winners first. */
function FinalStandings(props: {
  view: TribesView;
  names: readonly string[];
  log: readonly LoggedMove[];
  onClose: () => void;
  actions?: ComponentChildren;
  facts?: ComponentChildren;
}) {
  const t = useT();
  const ok = useFocusOnOpen<HTMLButtonElement>();
  const result = props.view.result!;
  const winners = result.winners.map((w) => props.names[w]).join(', ');
  return (
    <div
      class="overlay"
      role="dialog"
      aria-modal="true"
      data-testid="winner"
      aria-label={t('common.gameOver')}
    >
      <div class="card">
        <div class="winner-banner">
          {result.winners.length > 1
            ? t('common.draw', { names: winners })
            : t('common.wins', { name: winners })}
        </div>
        <EndSummary view={props.view} names={props.names} log={props.log} />
        {props.facts}
        <div class="row" style={{ justifyContent: 'center' }}>
          {props.actions}
          <button ref={ok} class="secondary" onClick={props.onClose} data-testid="close-winner">
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
