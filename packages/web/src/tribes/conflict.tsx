/**
 * Conflicts in public: during the commitments, how many cards each player has laid (never which); after
 * the reveal, every player's cards flip over one after the other, with the tribes' strengths and losses.
 */
import type { CardsRevealed, CenturyScored, TribeName, TribesView } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
import { useFocusOnOpen } from '../ui/focus-on-open.js';
import { TribeIcon } from './tribes.js';
import { tribeId } from './view.js';

export function provinceName(view: TribesView, id: string, names: ReadonlyMap<string, string>): string {
  void view;
  return names.get(id) ?? id;
}

export function ConflictStatus(props: {
  view: TribesView;
  names: readonly string[];
  provinces: ReadonlyMap<string, string>;
}) {
  const t = useT();
  const { view } = props;
  if (!view.conflict) return null;
  return (
    <section class="card conflict-status" data-testid="conflict" aria-live="polite">
      <h2 class="minor-heading">
        <span aria-hidden="true">⚔ </span>
        {t('tribes.conflict', {
          province: props.provinces.get(view.conflict.province) ?? view.conflict.province,
        })}
      </h2>
      <ul class="commitments">
        {view.conflict.committed.map((n, seat) => (
          <li key={seat} class={n === null ? 'waiting' : 'done'}>
            <strong>{props.names[seat]}</strong>{' '}
            {n === null ? (
              <span class="muted">{t('common.waiting')}</span>
            ) : (
              <span>
                {t('tribes.laid', { count: n })}{' '}
                <span class="facedown" aria-hidden="true">
                  {Array.from({ length: n }, (_, k) => (
                    <span key={k} class="back" />
                  ))}
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A conflict's reveal: the cards laid and strengths, with the tribes it removed (the events that follow it). */
export interface RevealEvent {
  readonly province: string;
  readonly cards: CardsRevealed['cards'];
  readonly strengths: CardsRevealed['strengths'];
  readonly removed: readonly TribeName[];
}

export function ConflictReveal(props: {
  reveal: RevealEvent;
  view: TribesView;
  names: readonly string[];
  provinces: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const t = useT();
  const ok = useFocusOnOpen<HTMLButtonElement>();
  const { reveal } = props;
  let delay = 0;
  return (
    <div
      class="overlay"
      role="dialog"
      aria-modal="true"
      data-testid="reveal"
      aria-label={t('tribes.conflict', { province: props.provinces.get(reveal.province) ?? reveal.province })}
    >
      <div class="card reveal-card">
        <h2>
          <span aria-hidden="true">⚔ </span>
          {t('tribes.conflict', { province: props.provinces.get(reveal.province) ?? reveal.province })}
        </h2>
        <ul class="reveal-seats">
          {reveal.cards.map((cards, seat) => (
            <li key={seat}>
              <strong>{props.names[seat]}</strong>
              <span class="revealed">
                {cards.length === 0 && <span class="muted">{t('tribes.laid', { count: 0 })}</span>}
                {cards.map((c, k) => {
                  const id = tribeId(c);
                  delay += 0.25;
                  return id ? (
                    // The icon and the tribe's name: an icon alone said nothing to whoever did not know it.
                    <span
                      key={k}
                      class="flip"
                      style={{ animationDelay: `${delay}s` }}
                      data-testid="revealed-card"
                    >
                      <TribeIcon tribe={id} size={22} /> {t(`tribes.tribe.${id}`)}
                    </span>
                  ) : null;
                })}
              </span>
            </li>
          ))}
        </ul>
        <table class="strengths">
          <thead>
            <tr>
              <th>{t('tribes.scoringTable.tribe')}</th>
              <th>{t('tribes.strength')}</th>
              <th>{t('tribes.result')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(reveal.strengths).map(([name, s]) => {
              const id = tribeId(name);
              const lost = reveal.removed.some((r) => r === name);
              return (
                <tr key={name} class={lost ? 'lost' : 'stays'}>
                  <td>
                    {id && <TribeIcon tribe={id} />} {id ? t(`tribes.tribe.${id}`) : name}
                  </td>
                  <td class="num">{s}</td>
                  <td>{lost ? t('tribes.removed') : t('tribes.stays')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p class="muted">{t('tribes.peaceFollows')}</p>
        <button ref={ok} onClick={props.onClose} data-testid="close-reveal">
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}

/**
 * Century scoring in a table: per tribe, who scored what, with the markers, provinces and influence behind
 * it, all from the scoring event itself (the board of that moment, not of the moment the dialog opens).
 */
export function ScoringTable(props: {
  scoring: CenturyScored;
  names: readonly string[];
  onClose: () => void;
}) {
  const t = useT();
  const ok = useFocusOnOpen<HTMLButtonElement>();
  const { scoring } = props;
  return (
    <div
      class="overlay"
      role="dialog"
      aria-modal="true"
      data-testid="scoring"
      aria-label={scoring.final ? t('tribes.finalScoring') : t('tribes.scoring', { n: scoring.century })}
    >
      <div class="card scoring-card">
        <h2>{scoring.final ? t('tribes.finalScoring') : t('tribes.scoring', { n: scoring.century })}</h2>
        <div class="scroll-x">
          <table class="scoring">
            <thead>
              <tr>
                <th>{t('tribes.scoringTable.tribe')}</th>
                <th>{t('tribes.scoringTable.why')}</th>
                {props.names.map((n, i) => (
                  <th key={i}>{n}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {scoring.breakdown.map((b) => {
                const id = tribeId(b.tribe);
                return (
                  <tr
                    key={b.tribe}
                    data-tribe={b.tribe}
                    data-markers={b.markers}
                    data-provinces={b.provinces}
                  >
                    <th scope="row">
                      {id && <TribeIcon tribe={id} />} {id ? t(`tribes.tribe.${id}`) : b.tribe}
                    </th>
                    <td class="small muted">
                      {t('tribes.first', { count: b.markers })}
                      <br />
                      {t('tribes.second', { count: b.provinces })}
                    </td>
                    {props.names.map((_, seat) => (
                      <td
                        key={seat}
                        class={`num${(b.points[seat] ?? 0) > 0 ? ' scored' : ''}`}
                        data-place={b.places[seat]}
                        data-points={b.points[seat] ?? 0}
                        data-influence={b.influence[seat] ?? 0}
                      >
                        <strong>{b.points[seat] ?? 0}</strong>
                        <span class="small muted">
                          {' '}
                          ({t('tribes.infShort', { n: b.influence[seat] ?? 0 })})
                        </span>
                        {(b.influence[seat] ?? 0) > 0 && (
                          <span class="small muted place">
                            <br />
                            {t(`tribes.place.${b.places[seat]}`)}
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
              <tr class="total" data-testid="century-points">
                <th colSpan={2}>{t('tribes.centuryPoints')}</th>
                {scoring.points.map((p, i) => (
                  <td key={i} class="num" data-points={p}>
                    +{p}
                  </td>
                ))}
              </tr>
              <tr class="total">
                <th colSpan={2}>{t('tribes.scores')}</th>
                {scoring.scores.map((p, i) => (
                  <td key={i} class="num">
                    <strong>{p}</strong>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <button ref={ok} onClick={props.onClose} data-testid="close-scoring">
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}
