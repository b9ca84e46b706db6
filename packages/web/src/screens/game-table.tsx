/**
 * A table on the server once its game is known: sit down (or watch), share the invite link, play live over
 * the WebSocket, chat. The connection is typed by the game's engine module; the game itself is drawn by its
 * own live board from the server's snapshot.
 */
import type { GameEvent } from '@attila/core';
import { VACATION_DAYS_PER_YEAR, type ChatMessage, type ClockInfo, type TableInfo } from '@attila/protocol';
import { clockText, durationText, tickMs } from '../ui/clock-text.js';
import { LIMITS } from '@attila/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { ClientGameSpec } from '../games/client-game.js';
import { useT } from '../i18n/i18n.js';
import { api, heldSeat, holdSeat, playerName, setPlayerName, type HeldSeat } from '../net/api.js';
import { nameToSitAs, useMe } from '../net/me.js';
import { useLive } from '../net/use-live.js';
import { botName } from '../ui/names.js';
import { BotMark } from '../ui/seat-mark.js';
import { TurnSignalSettings, useTurnSignals, lowTimeSound } from '../ui/turn-signals.js';
import { useTurnTitle } from '../ui/turn-title.js';
import { LiveActions } from './live-actions.js';
import { lockedWhilePending, MoveStatusBanner } from './move-status.js';
import { RatedMark } from '../ui/game-over.js';
import type { ComponentChildren } from 'preact';
import { ChatMuteButton, useChatMute } from '../community/chat-mute.js';
import { href } from '../router.js';

export function GameTable<S, St, V, E extends GameEvent>(props: {
  game: ClientGameSpec<S, St, V, E>;
  /** The table from the first fetch, shown until the socket's welcome. */
  first: TableInfo;
}) {
  const t = useT();
  const id = props.first.id;
  const { LiveBoard } = props.game;
  const seatName = (seat: number) => props.game.seatLabel(t, seat);
  const [seat, setSeat] = useState<HeldSeat | null>(() => heldSeat(id));
  const [live, conn] = useLive<V, E>(id, seat);
  const me = useMe();
  const chatMute = useChatMute(id);
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? (playerName() || me?.name || '');
  const [joinError, setJoinError] = useState<string | null>(null);
  const table = live.table ?? props.first;

  const join = async (seatIndex: number) => {
    if (!name.trim()) return setJoinError(t('lobby.needName'));
    setPlayerName(name.trim());
    const sitAs = await nameToSitAs(name.trim());
    if (!sitAs.ok) return setJoinError(sitAs.error.message);
    const r = await api.join(id, sitAs.value, seatIndex);
    if (!r.ok) return setJoinError(r.error.message);
    const held = { seat: r.value.seat, token: r.value.token };
    holdSeat(id, held);
    setSeat(held);
  };

  // A seat a bot plays (taken over, or resigned) is not its player's turn.
  const myTurn =
    live.seat !== null &&
    table.status === 'playing' &&
    table.seats[live.seat]?.controller === 'human' &&
    (live.snapshot?.toAct.includes(live.seat) ?? false);
  const resigned = live.seat !== null && table.play.resigned.includes(live.seat);
  useTurnTitle(myTurn);
  useTurnSignals(myTurn, t('signals.notifyBody', { table: props.game.seatLabel(t, live.seat ?? 0) }));
  const nameOf = (s: number) => {
    const info = table.seats[s];
    if (!info?.name) return seatName(s);
    return info.kind === 'bot' ? botName(t, info.bot ?? info.name) : info.name;
  };

  const freeSeats = table.seats.filter((s) => s.kind === 'human' && s.name === null);
  const mine = live.seat;
  const invite = `${location.origin}${location.pathname}#/table/${table.id}`;
  const analysisAllowed = table.seats.some((s) => s.kind === 'bot');
  // The game-over dialog offers a rematch while one may still be asked for by this seat.
  const rematch = table.play.rematch;
  const rematchOpen =
    mine !== null &&
    table.status === 'finished' &&
    table.seq > 0 &&
    !table.result?.aborted &&
    !rematch?.table &&
    rematch?.declinedBy == null &&
    !rematch?.accepted.includes(mine);

  return (
    <main class="page table-screen" data-testid="table">
      {/* The page's title for a screen reader (the board is its heading to the eye). */}
      <h1 class="sr-only">{t(`games.${table.game}.name`)}</h1>
      {/* Until the first welcome the table comes from the HTTP fetch: connecting is not reconnecting. */}
      {live.table && live.status !== 'open' && <div class="banner warn">{t('lobby.reconnecting')}</div>}
      {live.error && <div class="banner error">{live.error.message}</div>}
      <MoveStatusBanner status={live.move} />
      {freeSeats.length > 0 && table.status !== 'finished' && (
        <section class="card invite">
          {mine === null && (
            <div class="join">
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
                    data-testid="join-name"
                    onInput={(e) => setName(e.currentTarget.value)}
                  />
                </label>
              )}
              <div class="row">
                {freeSeats.map((s) => (
                  <button key={s.seat} data-testid={`sit-${s.seat}`} onClick={() => void join(s.seat)}>
                    {t('lobby.sitAt', { seat: seatName(s.seat) })}
                  </button>
                ))}
              </div>
              {joinError && <p class="error">{joinError}</p>}
            </div>
          )}
          <label class="field">
            <span>{t('lobby.invite')}</span>
            <span class="row">
              <input readOnly value={invite} data-testid="invite" onFocus={(e) => e.currentTarget.select()} />
              <button class="small secondary" onClick={() => void navigator.clipboard?.writeText(invite)}>
                {t('common.copy')}
              </button>
            </span>
            <span class="help">{t('lobby.inviteHelp')}</span>
          </label>
        </section>
      )}
      <section class="seats row" aria-label={t('lobby.seats')}>
        <RatedMark table={table} />
        {table.seats.map((s) => (
          <span
            key={s.seat}
            class={`seat-pill ${live.snapshot?.toAct.includes(s.seat) ? 'to-act' : ''}`}
            data-testid={`seat-pill-${s.seat}`}
          >
            <strong>{seatName(s.seat)}</strong>{' '}
            {s.name ? (s.kind === 'bot' ? botName(t, s.bot ?? s.name) : s.name) : t('lobby.freeSeat')}
            <BotMark holder={s.holder} />
            {s.seat === mine && ` (${t('common.you')})`}
            {me?.kind === 'account' &&
              s.kind === 'human' &&
              s.name &&
              s.seat !== mine &&
              s.holder === 'account' && (
                <a
                  class="small report-link"
                  href={href({ name: 'report', player: s.name, from: 'table', table: table.id })}
                  data-testid={`report-seat-${s.seat}`}
                >
                  {t('community.report')}
                </a>
              )}
            {live.snapshot?.clock && (
              <ClockTime
                key={`${s.seat}-${live.snapshot.clock.at}`}
                clock={live.snapshot.clock}
                seat={s.seat}
                mine={s.seat === mine}
              />
            )}
            {s.kind === 'human' && s.controller === 'bot' && ` · ${t('lobby.takenOver')}`}
            {s.kind === 'human' &&
              s.name &&
              s.connected === 0 &&
              s.controller === 'human' &&
              ` · ${t('lobby.away')}`}
          </span>
        ))}
        {mine !== null && live.snapshot?.clock?.vacation && !live.snapshot.result && (
          <VacationButton clock={live.snapshot.clock} seat={mine} onChange={(away) => conn?.vacation(away)} />
        )}
        {mine !== null && table.seats[mine]?.controller === 'bot' && !resigned && (
          <button class="small" onClick={() => conn?.reclaim()}>
            {t('lobby.reclaim')}
          </button>
        )}
        {mine === null && <span class="muted">{t('lobby.spectating')}</span>}
      </section>
      {table.status !== 'open' && (
        <LiveActions
          table={table}
          held={mine !== null ? seat : null}
          conn={conn}
          nameOf={nameOf}
          hasMoved={live.notices.some((n) => n.seat === mine)}
        />
      )}
      {live.snapshot && (
        <LiveBoard
          table={table}
          snapshot={lockedWhilePending(live.snapshot, live.move)}
          notices={live.notices}
          seat={mine}
          onMove={(m) => conn?.move(m)}
          analysisAllowed={analysisAllowed}
          onRematch={rematchOpen ? () => conn?.rematch(true) : undefined}
        />
      )}
      {table.status === 'open' && !live.snapshot && <p class="muted">{t('lobby.waitingForPlayers')}</p>}
      {mine !== null && table.status === 'playing' && !resigned && <TurnSignalSettings />}
      <Chat
        chat={chatMute.muted ? live.chat.filter((m) => m.seat === mine) : live.chat}
        onSend={(text) => conn?.chat(text)}
        canSend={mine !== null}
        mute={chatMute.toggle ? <ChatMuteButton muted={chatMute.muted} toggle={chatMute.toggle} /> : null}
      />
    </main>
  );
}

function Chat({
  chat,
  onSend,
  canSend,
  mute,
}: {
  chat: readonly ChatMessage[];
  onSend: (text: string) => void;
  canSend: boolean;
  mute: ComponentChildren;
}) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <section class="card chat">
      <h2 class="minor-heading">{t('lobby.chat')}</h2>
      {mute}
      <ul class="chat-lines" data-testid="chat">
        {chat.map((m) => (
          <li key={m.id}>
            <strong>{m.name}</strong>: {m.text}
          </li>
        ))}
      </ul>
      {canSend && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) onSend(text.trim());
            setText('');
          }}
        >
          <input
            value={text}
            maxLength={LIMITS.chatChars}
            aria-label={t('lobby.chat')}
            onInput={(e) => setText(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <button class="small" type="submit">
            {t('lobby.send')}
          </button>
        </form>
      )}
    </section>
  );
}

/** From this many seconds left a running clock warns: in colour, and once to screen readers. */
const LOW_SECONDS = 10;

/** The clock state whose low time was last sounded: once per state, however often the display remounts. */
let soundedAt: number | null = null;

/**
 * A seat's remaining time, counting down while its clock runs (days and hours by correspondence); the
 * player's own clock beeps once when it runs low, if sounds are on.
 */
function ClockTime({ clock, seat, mine }: { clock: ClockInfo; seat: number; mine: boolean }) {
  const t = useT();
  const [now, setNow] = useState(Date.now());
  const running = clock.running.includes(seat);
  const away = clock.vacation?.away[seat] ?? false;
  useEffect(() => {
    if (!running || away) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs(clock.settings));
    return () => clearInterval(timer);
  }, [running, away, clock.at]);
  // The server's clock and ours may differ: count from when this snapshot arrived (the key remounts per snapshot).
  const [arrived] = useState(Date.now());
  const left = Math.max(0, clock.remainingMs[seat] - (running && !away ? now - arrived : 0));
  const s = Math.ceil(left / 1000);
  const low = s <= LOW_SECONDS && running;
  useEffect(() => {
    if (!low || !mine || soundedAt === clock.at) return;
    soundedAt = clock.at;
    lowTimeSound();
  }, [low]);
  return (
    <span
      class={`clock${running ? ' running' : ''}${low ? ' low' : ''}`}
      data-testid={`clock-${seat}`}
      role="timer"
    >
      {' '}
      {clockText(t, clock.settings, left)}
      {away && ` · ${t('lobby.onVacation')}`}
      {/* Said once when the time runs low (the region appears then), not every second. */}
      {low && (
        <span class="sr-only" role="alert" data-testid={`clock-low-${seat}`}>
          {t('lobby.timeLow', { count: LOW_SECONDS })}
        </span>
      )}
    </span>
  );
}

/** Correspondence clocks: go on vacation (the seat's clock stands still) or come back. */
function VacationButton(props: { clock: ClockInfo; seat: number; onChange: (away: boolean) => void }) {
  const t = useT();
  const vacation = props.clock.vacation;
  if (!vacation) return null;
  const away = vacation.away[props.seat];
  const left = vacation.leftMs[props.seat];
  if (!away && left <= 0) return null;
  return (
    <button
      class="small secondary"
      data-testid="vacation"
      title={t('lobby.vacationHelp', { days: VACATION_DAYS_PER_YEAR })}
      onClick={() => props.onChange(!away)}
    >
      {away ? t('lobby.vacationBack') : t('lobby.vacationGo', { left: durationText(t, left) })}
    </button>
  );
}
