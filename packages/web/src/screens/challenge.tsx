/**
 * Challenge named players: the game and its options (the lobby's own settings), the account name of each
 * other player (Tribes: one per seat), the player's own seat, the clock, rated or casual. The players
 * challenged see it at once wherever they are in the app (ui/challenges-bar.tsx).
 */
import type { GameKind } from '@attila/core';
import { OFFERED_GAMES } from '../games/offered.js';
import { LIMITS } from '@attila/protocol';
import type { ChallengeView } from '@attila/protocol/challenges';
import { useState } from 'preact/hooks';
import type { TableChoice } from '../games/client-game.js';
import { clientGame } from '../games/registry.js';
import { useT } from '../i18n/i18n.js';
import { challengeApi, heard } from '../net/challenges.js';
import { useMe } from '../net/me.js';
import { challengeSummary } from '../ui/challenges-bar.js';
import { ClockSelect } from '../ui/clock-select.js';
import { CLOCKS, type ClockChoice } from '../ui/clock-choices.js';

export function ChallengeScreen({ opponent }: { opponent: string | null }) {
  const t = useT();
  const me = useMe();
  const [game, setGame] = useState<GameKind>('knights');
  const entry = clientGame(game);
  const [choice, setChoice] = useState<TableChoice>(entry.defaultChoice);
  const [names, setNames] = useState<string[]>(opponent ? [opponent] : []);
  const [seat, setSeat] = useState(0);
  const [clock, setClock] = useState<ClockChoice>('none');
  const [ratedChoice, setRated] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<ChallengeView | null>(null);
  const [busy, setBusy] = useState(false);
  const others = Math.max(1, choice.players - 1);
  const typed = Array.from({ length: others }, (_, i) => names[i] ?? '');
  // Rated: accounts only, and with a clock (a rating is per speed class; the server refuses both).
  const ratedAllowed = me?.kind === 'account' && clock !== 'none';
  const rated = ratedChoice && ratedAllowed;
  const mySeat = Math.min(seat, choice.players - 1);

  const submit = async (e: Event) => {
    e.preventDefault();
    const players = typed.map((n) => n.trim());
    if (players.some((n) => n === '')) return setError(t('challenge.needNames'));
    setBusy(true);
    const r = await challengeApi.send({
      game,
      settings: choice.settings,
      players,
      clock: CLOCKS[clock],
      rated,
      seat: mySeat,
    });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    setError(null);
    heard(r.value.challenge);
    setSent(r.value.challenge);
  };

  return (
    <main class="page">
      <h1>{t('challenge.title')}</h1>
      <form class="card create" onSubmit={submit} data-testid="challenge-form">
        <div class="row" role="radiogroup" aria-label={t('lobby.game')}>
          {OFFERED_GAMES.map((g) => (
            <label key={g} class={`radio pill ${game === g ? 'chosen' : ''}`}>
              <input
                type="radio"
                name="game"
                value={g}
                checked={game === g}
                onChange={() => {
                  setGame(g);
                  setChoice(clientGame(g).defaultChoice);
                }}
                data-testid={`challenge-game-${g}`}
              />
              {t(`games.${g}.name`)}
            </label>
          ))}
        </div>
        <entry.LobbySettings key={game} onChange={setChoice} />
        <fieldset>
          <legend>{t('challenge.players')}</legend>
          {typed.map((name, i) => (
            <label class="field" key={i}>
              <span>{t('challenge.player', { n: i + 1 })}</span>
              <input
                value={name}
                maxLength={LIMITS.nameChars}
                autoComplete="off"
                data-testid={`challenge-name-${i}`}
                onInput={(e) => {
                  const next = [...typed];
                  next[i] = e.currentTarget.value;
                  setNames(next);
                }}
              />
            </label>
          ))}
        </fieldset>
        <label class="field">
          <span>{t('challenge.yourSeat')}</span>
          <select
            value={String(mySeat)}
            data-testid="challenge-seat"
            onChange={(e) => setSeat(Number(e.currentTarget.value))}
          >
            {Array.from({ length: choice.players }, (_, i) => (
              <option key={i} value={String(i)}>
                {entry.seatLabel(t, i)}
              </option>
            ))}
          </select>
        </label>
        <ClockSelect value={clock} onChange={setClock} testid="challenge-clock" />
        <label class="field check">
          <span>
            <input
              type="checkbox"
              data-testid="challenge-rated"
              checked={rated}
              disabled={!ratedAllowed}
              aria-describedby="challenge-rated-hint"
              onChange={(e) => setRated(e.currentTarget.checked)}
            />{' '}
            {t('lobby.rated')}
          </span>
          <span id="challenge-rated-hint" class="muted small">
            {me?.kind !== 'account'
              ? t('lobby.ratedAccountsOnly')
              : clock === 'none'
                ? t('lobby.ratedNeedsClock')
                : t('challenge.ratedHint')}
          </span>
        </label>
        <p class="muted small">{t('challenge.expiry')}</p>
        {error && (
          <p class="error" data-testid="challenge-error">
            {error}
          </p>
        )}
        {sent && (
          <p class="ok" data-testid="challenge-sent">
            {t('challenge.sent', {
              names: sent.seats
                .filter((s) => !s.challenger)
                .map((s) => s.name)
                .join(', '),
              what: challengeSummary(t, sent),
            })}
          </p>
        )}
        <button type="submit" disabled={busy} data-testid="challenge-send">
          {t('challenge.send')}
        </button>
      </form>
    </main>
  );
}
