/**
 * What the player to act decides, built only from the engine's legal moves: a card from the hand (then a
 * highlighted province), influence or a second marker, the forced discard, the cards laid in a conflict,
 * and the action tiles.
 */
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import {
  cardList,
  cardsOf,
  choicesOf,
  maxPerTribe,
  moveText,
  tribeNamed,
  twoInfluenceTracks,
  type TribeName,
  type TribesView,
} from '@attila/tribes';
import { RuleHelp, type HelpTopic } from '../ui/rule-help.js';
import { TribeIcon } from './tribes.js';
import { tribeIds } from './view.js';

export type Pending = { kind: 'card'; tribe: TribeName } | { kind: 'second' } | null;

export interface DecisionProps {
  readonly view: TribesView;
  readonly legal: readonly string[];
  readonly onMove: (move: string) => void;
  readonly pending: Pending;
  readonly setPending: (p: Pending) => void;
}

function Counters(props: {
  view: TribesView;
  counts: number[];
  max: number[];
  onChange: (c: number[]) => void;
  testid: string;
}) {
  const t = useT();
  const ids = tribeIds(props.view);
  return (
    <div class="counters" data-testid={props.testid}>
      {ids.map((id, i) =>
        props.max[i] > 0 ? (
          <div key={id} class="counter">
            <TribeIcon tribe={id} size={20} />
            <span class="name">{t(`tribes.tribe.${id}`)}</span>
            <button
              type="button"
              class="small secondary"
              aria-label={t('tribes.fewer', { tribe: t(`tribes.tribe.${id}`) })}
              disabled={props.counts[i] === 0}
              onClick={() => props.onChange(props.counts.map((c, k) => (k === i ? c - 1 : c)))}
            >
              −
            </button>
            <span class="num" data-testid={`count-${id}`}>
              {props.counts[i]}
            </span>
            <button
              type="button"
              class="small secondary"
              aria-label={t('tribes.more', { tribe: t(`tribes.tribe.${id}`) })}
              data-testid={`more-${id}`}
              disabled={props.counts[i] >= props.max[i]}
              onClick={() => props.onChange(props.counts.map((c, k) => (k === i ? c + 1 : c)))}
            >
              +
            </button>
          </div>
        ) : null,
      )}
    </div>
  );
}

export function Hand({
  view,
  selected,
  playable,
  onPick,
}: {
  view: TribesView;
  selected: string | null;
  playable: ReadonlySet<string>;
  onPick?: (tribe: TribeName) => void;
}) {
  const t = useT();
  const ids = tribeIds(view);
  if (!view.hand) return null;
  return (
    <div class="hand" data-testid="hand" aria-label={t('tribes.hand')}>
      {ids.flatMap((id, i) =>
        Array.from({ length: view.hand![i] }, (_, k) => {
          const name = view.tribes[i];
          const can = playable.has(name);
          const tribe = tribeNamed(name);
          return (
            <button
              key={`${id}${k}`}
              type="button"
              class={`tcard tcard-${id}${selected === name ? ' chosen' : ''}`}
              disabled={!can || !onPick}
              data-testid={`card-${id}`}
              aria-pressed={selected === name}
              onClick={() => tribe && onPick?.(tribe)}
            >
              <TribeIcon tribe={id} size={28} />
              <span>{t(`tribes.tribe.${id}`)}</span>
            </button>
          );
        }),
      )}
    </div>
  );
}

/** What to do now, with the "?" that opens the rule for it. */
function Prompt(props: { text: string; topic: HelpTopic }) {
  return (
    <div class="prompt-row">
      <p class="prompt">{props.text}</p>
      <RuleHelp key={props.topic} topic={props.topic} />
    </div>
  );
}

export function Decision({ view, legal, onMove, pending, setPending }: DecisionProps) {
  const t = useT();
  const c = choicesOf(legal);
  const ids = tribeIds(view);
  const [commit, setCommit] = useState<number[]>(ids.map(() => 0));
  const [tool, setTool] = useState<'trade' | 'influence' | null>(null);
  const [picked, setPicked] = useState<number[]>(ids.map(() => 0));
  useEffect(() => {
    setCommit(ids.map(() => 0));
    setTool(null);
    setPicked(ids.map(() => 0));
  }, [legal.join('|')]);
  const cardTribe = view.card ? ids[view.tribes.indexOf(view.card)] : null;

  const tiles = (c.tileDouble || c.trades.size > 0 || c.twoInfluence.length > 0) && (
    <div class="tile-actions">
      <div class="prompt-row">
        <h2>{t('tribes.actions')}</h2>
        <RuleHelp topic="tribes.tiles" />
      </div>
      <div class="row">
        {c.tileDouble && (
          <button
            type="button"
            class="small secondary"
            title={t('tribes.actionHelp.double')}
            data-testid="tile-double"
            onClick={() => onMove(moveText({ kind: 'double' }))}
          >
            {t('tribes.action.double')}
          </button>
        )}
        {c.trades.size > 0 && (
          <button
            type="button"
            class="small secondary"
            title={t('tribes.actionHelp.trade')}
            data-testid="tile-trade"
            onClick={() => setTool(tool === 'trade' ? null : 'trade')}
          >
            {t('tribes.action.trade')}
          </button>
        )}
        {c.twoInfluence.length > 0 && (
          <button
            type="button"
            class="small secondary"
            title={t('tribes.actionHelp.twoInfluence')}
            data-testid="tile-influence"
            onClick={() => setTool(tool === 'influence' ? null : 'influence')}
          >
            {t('tribes.action.twoInfluence')}
          </button>
        )}
      </div>
      {tool === 'trade' && (
        <div class="tool">
          <p class="muted small">{t('tribes.actionHelp.trade')}</p>
          <Counters
            view={view}
            counts={picked}
            max={maxPerTribe(view.tribes, c.trades)}
            onChange={setPicked}
            testid="trade"
          />
          <button
            type="button"
            class="small"
            data-testid="trade-confirm"
            disabled={!c.trades.has(cardList(view.tribes, picked))}
            onClick={() => onMove(moveText({ kind: 'trade', cards: cardsOf(picked) }))}
          >
            {t('tribes.action.trade')}
          </button>
        </div>
      )}
      {tool === 'influence' && (
        <div class="tool">
          <p class="muted small">{t('tribes.actionHelp.twoInfluence')}</p>
          <div class="row">
            {c.twoInfluence.map((m) => {
              const tracks = twoInfluenceTracks(m) ?? [];
              return (
                <button
                  key={m}
                  type="button"
                  class="small secondary"
                  data-testid={`two-influence-${m}`}
                  onClick={() => onMove(moveText({ kind: 'twoInfluence', tracks }))}
                >
                  {tracks.map((n) => t(`tribes.tribe.${n.toLowerCase()}`)).join(' + ')}{' '}
                  {tracks.length > 1 ? '+1/+1' : '+2'}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );

  if (view.phase === 'play' && c.play.size > 0) {
    return (
      <div class="decision" data-testid="decision-play">
        {pending?.kind === 'card' ? (
          <Prompt
            text={t('tribes.pickProvince', { tribe: t(`tribes.tribe.${pending.tribe.toLowerCase()}`) })}
            topic="tribes.province"
          />
        ) : (
          <Prompt text={t('tribes.pickCard')} topic="tribes.card" />
        )}
        <Hand
          view={view}
          selected={pending?.kind === 'card' ? pending.tribe : null}
          playable={new Set(c.play.keys())}
          onPick={(tribe) =>
            setPending(pending?.kind === 'card' && pending.tribe === tribe ? null : { kind: 'card', tribe })
          }
        />
        {tiles}
      </div>
    );
  }
  if (view.phase === 'play' && c.discards.length > 0) {
    return (
      <div class="decision" data-testid="decision-discard">
        <Prompt text={t('tribes.noPlayable')} topic="tribes.discard" />
        <div class="row">
          {c.discards.map((d) => (
            <button
              key={d}
              type="button"
              class="secondary"
              data-testid={`discard-${d.toLowerCase()}`}
              onClick={() => onMove(moveText({ kind: 'discard', tribe: d }))}
            >
              <TribeIcon tribe={ids[view.tribes.indexOf(d)]} /> {t('tribes.discardOne')}{' '}
              {t(`tribes.tribe.${d.toLowerCase()}`)}
            </button>
          ))}
        </div>
        {tiles}
      </div>
    );
  }
  if (view.phase === 'influence') {
    const tribeName = cardTribe ? t(`tribes.tribe.${cardTribe}`) : '';
    return (
      <div class="decision" data-testid="decision-influence">
        {pending?.kind === 'second' ? (
          <Prompt text={t('tribes.pickSecond')} topic="tribes.province" />
        ) : (
          <Prompt text={t('tribes.influenceOrMarker')} topic="tribes.influence" />
        )}
        <div class="row">
          {c.influence && (
            <button
              type="button"
              data-testid="take-influence"
              onClick={() => onMove(moveText({ kind: 'influence' }))}
            >
              {cardTribe && <TribeIcon tribe={cardTribe} />}{' '}
              {t('tribes.takeInfluence', { n: view.cardInfluence, tribe: tribeName })}
            </button>
          )}
          {c.second.length > 0 && (
            <button
              type="button"
              class={pending?.kind === 'second' ? '' : 'secondary'}
              data-testid="second-marker"
              onClick={() => setPending(pending?.kind === 'second' ? null : { kind: 'second' })}
            >
              {t('tribes.secondMarker', { tribe: tribeName })}
            </button>
          )}
        </div>
        <Hand view={view} selected={null} playable={new Set()} />
        {tiles}
      </div>
    );
  }
  if (view.phase === 'commit' && view.conflict) {
    const max = maxPerTribe(view.tribes, c.commits);
    const list = cardList(view.tribes, commit);
    const n = commit.reduce((a, b) => a + b, 0);
    return (
      <div class="decision conflict-decision" data-testid="decision-commit">
        <Prompt text={t('tribes.conflictHelp')} topic="tribes.commit" />
        <Counters view={view} counts={commit} max={max} onChange={setCommit} testid="commit-cards" />
        <button
          type="button"
          data-testid="commit"
          disabled={!c.commits.has(list)}
          onClick={() => {
            onMove(moveText({ kind: 'commit', cards: cardsOf(commit) }));
            // A refused choice (a lesson's wrong try) is not kept for the next try.
            setCommit(ids.map(() => 0));
          }}
        >
          {n === 0 ? t('tribes.commitNone') : t('tribes.commit', { count: n })}
        </button>
        <Hand view={view} selected={null} playable={new Set()} />
        {tiles}
      </div>
    );
  }
  return null;
}
