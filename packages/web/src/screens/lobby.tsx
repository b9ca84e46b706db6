/**
 * The lobby: create a table (game, seats — people or bots — and the rule options, each explained), and
 * the list of tables to join or watch.
 */
import type { GameKind } from '@attila/core';
import { gamesShownWith } from '../games/offered.js';
import { LIMITS, type GameInfo, type SeatSpec, type TableInfo } from '@attila/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TableChoice } from '../games/client-game.js';
import { clientGame } from '../games/registry.js';
import { useT } from '../i18n/i18n.js';
import { SetupStart } from '../ui/setup-start.js';
import { api, holdSeat, playerName, setPlayerName } from '../net/api.js';
import { nameToSitAs, useMe } from '../net/me.js';
import { navigate } from '../router.js';
import { botName } from '../ui/names.js';
import { ClockSelect } from '../ui/clock-select.js';
import { CLOCKS, type ClockChoice } from '../ui/clock-choices.js';
import { TableList } from './table-list.js';

type SeatChoice = { kind: 'human' } | { kind: 'bot'; bot: string };

function CreateTable({ games, initialGame }: { games: GameInfo[]; initialGame: GameKind }) {
  const t = useT();
  const [game, setGame] = useState<GameKind>(initialGame);
  const entry = clientGame(game);
  const [choice, setChoice] = useState<TableChoice>(entry.defaultChoice);
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [mySeat, setMySeat] = useState(0);
  const me = useMe();
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? (playerName() || me?.name || '');
  const [listed, setListed] = useState(true);
  const [ratedChoice, setRated] = useState(false);
  // Rated: accounts only, and never against bots (the server refuses both; the form says why first).
  const [clock, setClock] = useState<ClockChoice>('none');
  // …and only with a clock: a rating is per speed class, which a game without a clock has not.
  const ratedAllowed = me?.kind === 'account' && seats.every((s) => s.kind === 'human') && clock !== 'none';
  const rated = ratedChoice && ratedAllowed;
  const [takeover, setTakeover] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bots = games.find((g) => g.game === game)?.bots ?? [];
  const count = choice.players;

  useEffect(() => {
    setSeats((prev) =>
      Array.from(
        { length: count },
        (_, i) =>
          prev[i] ??
          (i === 0 || bots.length === 0 ? { kind: 'human' } : { kind: 'bot', bot: defaultBot(bots) }),
      ),
    );
  }, [count, game, bots.join()]);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('lobby.needName'));
    setPlayerName(name.trim());
    setBusy(true);
    const sitAs = await nameToSitAs(name.trim());
    if (!sitAs.ok) {
      setBusy(false);
      return setError(sitAs.error.message);
    }
    const specs: SeatSpec[] = seats.map((s) =>
      s.kind === 'bot' ? { type: 'bot', bot: s.bot } : { type: 'human' },
    );
    const r = await api.create({
      game,
      settings: choice.settings,
      seats: specs,
      listed,
      rated,
      name: sitAs.value,
      seat: mySeat,
      clock: CLOCKS[clock],
      // The weakest bot stands in for a player who leaves or runs out of time.
      takeover: takeover && bots.length > 0 ? bots[0] : null,
    });
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    if (r.value.seat !== null && r.value.token)
      holdSeat(r.value.table.id, { seat: r.value.seat, token: r.value.token });
    navigate({ name: 'table', id: r.value.table.id });
  };

  return (
    <form class="card create" onSubmit={submit} data-testid="create-table">
      <h2>{t('lobby.create')}</h2>
      {/* Create first, the settings after (as on the hotseat setups); again at the end for whoever changed them. */}
      <SetupStart submit testid="create" label={t('lobby.createButton')} disabled={busy} />
      <div class="row" role="radiogroup" aria-label={t('lobby.game')}>
        {gamesShownWith(initialGame).map((g) => (
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
              data-testid={`game-${g}`}
            />
            {t(`games.${g}.name`)}
          </label>
        ))}
      </div>
      {me?.kind === 'account' ? (
        <p class="muted" data-testid="playing-as">
          {t('account.playingAs', { name: me.name })}
        </p>
      ) : (
        <label class="field">
          <span>{t('common.name')}</span>
          <input
            value={name}
            maxLength={LIMITS.nameChars}
            data-testid="name"
            onInput={(e) => setName(e.currentTarget.value)}
            autoComplete="nickname"
          />
        </label>
      )}
      <entry.LobbySettings key={game} onChange={setChoice} />
      <fieldset>
        <legend>{t('lobby.seats')}</legend>
        {seats.map((s, i) => (
          <div class="seat-row row" key={i} data-testid={`seat-${i}`}>
            <strong class="seat-name">{entry.seatLabel(t, i)}</strong>
            <select
              aria-label={t('lobby.seatKind', { n: i + 1 })}
              data-testid={`seat-kind-${i}`}
              value={s.kind === 'human' ? (mySeat === i ? 'me' : 'human') : `bot:${s.bot}`}
              onChange={(e) => {
                const v = e.currentTarget.value;
                if (v === 'me') setMySeat(i);
                setSeats(
                  seats.map((x, k) =>
                    k === i
                      ? v.startsWith('bot:')
                        ? { kind: 'bot', bot: v.slice(4) }
                        : { kind: 'human' }
                      : x,
                  ),
                );
              }}
            >
              <option value="me">{t('lobby.me')}</option>
              <option value="human">{t('lobby.invitee')}</option>
              {bots.map((b) => (
                <option key={b} value={`bot:${b}`}>
                  {t('lobby.botNamed', { bot: botName(t, b) })}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <ClockSelect value={clock} onChange={setClock} testid="clock" />
      {bots.length > 0 && (
        <label class="field check">
          <span>
            <input
              type="checkbox"
              checked={takeover}
              onChange={(e) => setTakeover(e.currentTarget.checked)}
            />{' '}
            {t('lobby.takeover')}
          </span>
        </label>
      )}
      <label class="field check">
        <span>
          <input type="checkbox" checked={listed} onChange={(e) => setListed(e.currentTarget.checked)} />{' '}
          {t('lobby.listed')}
        </span>
      </label>
      <label class="field check">
        <span>
          <input
            type="checkbox"
            data-testid="rated"
            checked={rated}
            disabled={!ratedAllowed}
            aria-describedby="rated-hint"
            onChange={(e) => setRated(e.currentTarget.checked)}
          />{' '}
          {t('lobby.rated')}
        </span>
        <span id="rated-hint" class="muted small" data-testid="rated-hint">
          {me?.kind !== 'account'
            ? t('lobby.ratedAccountsOnly')
            : seats.some((s) => s.kind !== 'human')
              ? t('lobby.ratedNoBots')
              : clock === 'none'
                ? t('lobby.ratedNeedsClock')
                : t('lobby.ratedHint')}
        </span>
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} data-testid="create-end">
        {t('lobby.createButton')}
      </button>
    </form>
  );
}

/** A fair first opponent: the middle level when there is one. */
function defaultBot(bots: readonly string[]): string {
  return bots.includes('medium') ? 'medium' : bots[bots.length - 1];
}

export function LobbyScreen({ game }: { game: GameKind }) {
  const t = useT();
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  // How many pages of the list the player has asked for: each refresh reloads that many, so "More tables"
  // is not undone five seconds later (the server's cursor keeps each page going on where the last one ended).
  const pages = useRef(1);
  const loadList = async (): Promise<boolean> => {
    const all: TableInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < pages.current; page++) {
      const tb = await api.tables(cursor);
      if (!tb.ok) return false;
      all.push(...tb.value.tables);
      cursor = tb.value.next ?? undefined;
      if (cursor === undefined) break;
    }
    setTables(all);
    setNext(cursor ?? null);
    return true;
  };
  const refresh = async () => {
    const [g, listed] = await Promise.all([api.games(), loadList()]);
    setOffline(!g.ok || !listed);
    if (g.ok) setGames(g.value.games);
  };
  const more = async () => {
    pages.current++;
    setOffline(!(await loadList()));
  };
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), 5000);
    return () => clearInterval(timer);
  }, []);
  // Offline before anything came: one sentence and a way to retry, not "Loading…" and "No open tables" too.
  if (offline && (!games || !tables)) {
    return (
      <main class="page lobby">
        <h1>{t('lobby.title')}</h1>
        <p class="error" role="alert" data-testid="lobby-offline">
          {t('common.offline')}
        </p>
        <button data-testid="lobby-retry" onClick={() => void refresh()}>
          {t('common.tryAgain')}
        </button>
      </main>
    );
  }
  return (
    <main class="page lobby">
      <h1>{t('lobby.title')}</h1>
      {offline && (
        <p class="error" role="alert" data-testid="lobby-offline">
          {t('lobby.offline')}
        </p>
      )}
      <div class="grid2">
        {games ? <CreateTable games={games} initialGame={game} /> : <p>{t('app.loading')}</p>}
        <section>
          <div class="row">
            <h2>{t('lobby.open')}</h2>
            <button class="small secondary" onClick={() => void refresh()}>
              {t('lobby.refresh')}
            </button>
          </div>
          {tables ? (
            <>
              <TableList tables={tables} filter={(tb) => tb.listed && tb.status !== 'finished'} />
              {next !== null && (
                <button class="secondary" data-testid="lobby-more" onClick={() => void more()}>
                  {t('lobby.more')}
                </button>
              )}
            </>
          ) : (
            <p class="muted">{t('app.loading')}</p>
          )}
        </section>
      </div>
    </main>
  );
}
