/**
 * What a seated player of a live game may do besides moving: resign, abort before every seat has moved, ask
 * for and answer takebacks (where the server offers them), and once the game is over play a rematch, which
 * takes everyone to the new table when every person has accepted. The server decides what is allowed; this
 * only shows what the table says and sends the player's choice.
 */
import type { TableInfo } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n/i18n.js';
import { holdSeat, type HeldSeat } from '../net/api.js';
import type { Connection } from '../net/connection.js';

interface Props {
  readonly table: TableInfo;
  readonly held: HeldSeat | null;
  readonly conn: Pick<Connection, 'resign' | 'abort' | 'askTakeback' | 'answerTakeback' | 'rematch'> | null;
  /** A seat's player as the screen names it. */
  readonly nameOf: (seat: number) => string;
  /** Whether this seat has a move in the game's log (so there is one to take back). */
  readonly hasMoved: boolean;
}

export function LiveActions({ table, held, conn, nameOf, hasMoved }: Props) {
  const t = useT();
  const mine = held?.seat ?? null;
  const { play, result } = table;
  const [confirming, setConfirming] = useState(false);
  const rematchTable = play.rematch?.table ?? null;

  // Everyone seated goes to the rematch, holding the new seat with the same token.
  useEffect(() => {
    if (!rematchTable || !held || !play.rematch) return;
    holdSeat(rematchTable, { seat: play.rematch.seats[held.seat], token: held.token });
    location.hash = `#/table/${rematchTable}`;
  }, [rematchTable]);

  const outcome = result && (
    <p data-testid="game-outcome">
      {result.aborted
        ? t('live.aborted')
        : result.resigned?.length
          ? t('live.resigned', { names: result.resigned.map(nameOf).join(', ') })
          : null}
    </p>
  );

  if (table.status === 'finished') {
    const started = table.seq > 0 || result?.aborted || (result?.resigned?.length ?? 0) > 0;
    const rematch = play.rematch;
    const people = table.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
    return (
      <section class="card live-actions" data-testid="live-actions">
        {outcome}
        {started && rematchTable && mine === null && (
          <a class="button" href={`#/table/${rematchTable}`}>
            {t('live.watchRematch')}
          </a>
        )}
        {started && !rematchTable && rematch?.declinedBy != null && (
          <p data-testid="rematch-declined">
            {t('live.rematchDeclined', { name: nameOf(rematch.declinedBy) })}
          </p>
        )}
        {started && !rematchTable && rematch?.declinedBy == null && (mine !== null || rematch) && (
          <div class="rematch" data-testid="rematch">
            {/* Against bots the player is the only one to ask: no list of who accepted. */}
            {people.length > 1 && (
              <ul class="rematch-seats">
                {people.map((s) => (
                  <li
                    key={s}
                    data-testid={`rematch-seat-${s}`}
                    data-accepted={String(!!rematch?.accepted.includes(s))}
                  >
                    {nameOf(s)}:{' '}
                    {rematch?.accepted.includes(s) ? `✓ ${t('live.accepted')}` : t('live.notYet')}
                  </li>
                ))}
              </ul>
            )}
            {mine !== null && (
              <div class="row">
                {!rematch?.accepted.includes(mine) && (
                  <button data-testid="rematch-accept" onClick={() => conn?.rematch(true)}>
                    {t('live.rematch')}
                  </button>
                )}
                <button class="secondary" data-testid="rematch-decline" onClick={() => conn?.rematch(false)}>
                  {t('live.decline')}
                </button>
              </div>
            )}
          </div>
        )}
      </section>
    );
  }
  if (table.status !== 'playing' || mine === null) return null;

  if (play.resigned.includes(mine)) {
    return (
      <section class="card live-actions" data-testid="live-actions">
        <p data-testid="you-resigned">{t('live.youResigned')}</p>
      </section>
    );
  }
  const request = play.takeback;
  const opponent = table.playerCount === 2 ? 1 - mine : null;
  return (
    <section class="card live-actions" data-testid="live-actions">
      {table.takebacks && request && request.seat !== mine && (
        <div class="banner warn takeback-request" role="alert" data-testid="takeback-request">
          <span>{t('live.takebackAsked', { name: nameOf(request.seat) })}</span>
          <span class="row">
            <button
              class="small"
              data-testid="takeback-accept"
              onClick={() => conn?.answerTakeback('accept')}
            >
              {t('live.accept')}
            </button>
            <button
              class="small secondary"
              data-testid="takeback-refuse"
              onClick={() => conn?.answerTakeback('refuse')}
            >
              {t('live.refuse')}
            </button>
            <button
              class="small secondary"
              data-testid="takeback-never"
              onClick={() => conn?.answerTakeback('never')}
            >
              {t('live.never')}
            </button>
          </span>
        </div>
      )}
      {table.takebacks && request?.seat === mine && opponent !== null && (
        <p class="muted" role="status" data-testid="takeback-waiting">
          {t('live.takebackWaiting', { name: nameOf(opponent) })}
        </p>
      )}
      {table.takebacks && opponent !== null && play.noTakebacks.includes(opponent) && (
        <p class="muted" data-testid="takeback-refused-for-good">
          {t('live.opponentNoTakebacks', { name: nameOf(opponent) })}
        </p>
      )}
      {table.takebacks && play.noTakebacks.includes(mine) && (
        <p class="muted" data-testid="takeback-mine-never">
          {t('live.youNoTakebacks')}
        </p>
      )}
      <div class="row">
        {table.takebacks &&
          hasMoved &&
          !request &&
          opponent !== null &&
          !play.noTakebacks.includes(opponent) && (
            <button class="small secondary" data-testid="takeback-ask" onClick={() => conn?.askTakeback()}>
              {t('live.askTakeback')}
            </button>
          )}
        {table.abortable && (
          <button class="small secondary" data-testid="abort" onClick={() => conn?.abort()}>
            {t('live.abort')}
          </button>
        )}
        {!confirming && (
          <button class="small secondary" data-testid="resign" onClick={() => setConfirming(true)}>
            {t('live.resign')}
          </button>
        )}
      </div>
      {confirming && (
        <div class="row confirm" role="group" aria-label={t('live.resignConfirm')}>
          <span>{t('live.resignConfirm')}</span>
          <button
            class="small"
            data-testid="resign-confirm"
            onClick={() => {
              setConfirming(false);
              conn?.resign();
            }}
          >
            {t('live.resignYes')}
          </button>
          <button class="small secondary" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </section>
  );
}
