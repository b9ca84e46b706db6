/** The Tribes side panels: centuries and peace tiles, players (score, hand size, action tiles), influence. */
import { CENTURIES } from '@attila/tribes';
import { useT } from '../i18n/i18n.js';
import { TribeIcon } from './tribes.js';
import { tribeIds, type TribesView } from './view.js';

const ROMAN: Record<number, string> = { 4: 'IV', 5: 'V', 6: 'VI', 7: 'VII' };

export function Centuries({ view }: { view: TribesView }) {
  const t = useT();
  return (
    <div class="centuries" data-testid="centuries" aria-label={t('tribes.century', { n: view.century })}>
      {CENTURIES.map(({ century: c, peaceTiles }, i) => (
        <div
          key={c}
          class={`century${c === view.century ? ' current' : ''}`}
          title={t('tribes.century', { n: c })}
        >
          <span class="numeral">{ROMAN[c]}</span>
          <span
            class="tiles"
            role="img"
            aria-label={t('tribes.peaceLeft', { count: view.peaceTilesLeft[i] })}
          >
            {Array.from({ length: peaceTiles }, (_, k) => (
              <span key={k} class={`ptile${k < view.peaceTilesLeft[i] ? '' : ' gone'}`} aria-hidden="true" />
            ))}
          </span>
        </div>
      ))}
      <div class="piles muted small">
        <span>{t('tribes.drawPile', { n: view.drawPile })}</span>
        <span>{t('tribes.discard', { n: view.discard.reduce((a, b) => a + b, 0) })}</span>
      </div>
    </div>
  );
}

export function Players({ view, names }: { view: TribesView; names: readonly string[] }) {
  const t = useT();
  const tiles = ['double', 'trade', 'influence'] as const;
  return (
    <table class="players" data-testid="players">
      <thead>
        <tr>
          <th>{t('tribes.player')}</th>
          <th>{t('tribes.score')}</th>
          <th>{t('tribes.handShort')}</th>
          <th>{t('tribes.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {names.map((name, seat) => (
          <tr key={seat} class={`${view.toAct === seat ? 'to-act' : ''}${view.viewer === seat ? ' me' : ''}`}>
            <td>
              {view.toAct === seat && <span aria-hidden="true">▶ </span>}
              {name}
            </td>
            <td class="num" data-testid={`score-${seat}`}>
              {view.scores[seat]}
            </td>
            <td class="num">{view.handSizes[seat]}</td>
            <td class="tiles">
              {tiles.map((k) => (
                <span
                  key={k}
                  class={`atile${view.tiles[seat][k] ? '' : ' used'}`}
                  title={t(`tribes.action.${k === 'influence' ? 'twoInfluence' : k}`)}
                >
                  {t(`tribes.actionShort.${k}`)}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Influence({ view, names }: { view: TribesView; names: readonly string[] }) {
  const t = useT();
  const ids = tribeIds(view);
  return (
    <table class="influence" data-testid="influence">
      <caption>{t('tribes.tracks')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tribes.scoringTable.tribe')}</th>
          {/* Full names, set upright-turned so five of them fit a side panel (no "PHO / E2 / E3"). */}
          {names.map((name, i) => (
            <th key={i} scope="col" class="seat-head">
              <span>{name}</span>
            </th>
          ))}
          <th scope="col" class="seat-head">
            <span>{t('tribes.supply')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {ids.map((id, ti) => {
          const values = view.influence.map((row) => row[ti]);
          const best = Math.max(...values);
          return (
            <tr key={id}>
              <th scope="row">
                <TribeIcon tribe={id} /> {t(`tribes.tribe.${id}`)}
              </th>
              {values.map((v, seat) => (
                <td key={seat} class={`num${v > 0 && v === best ? ' lead' : ''}`}>
                  <span class="bar" style={{ width: `${(v / view.options.influenceTrackTop) * 100}%` }} />
                  <span class="v">{v}</span>
                </td>
              ))}
              <td class="num muted">{view.supply[ti]}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
