/**
 * Stepping through a replayed game: step, jump, autoplay, download; the game's own board shows each ply.
 */
import { BotMark } from '../ui/seat-mark.js';
import type { GameEvent, GameRecord } from '@attila/core';
import { useEffect, useState } from 'preact/hooks';
import type { ClientGameSpec } from '../games/client-game.js';
import { useT } from '../i18n/i18n.js';
import { downloadRecord } from '../local/local-game.js';
import { Icon } from '../ui/icons.js';
import { botName } from '../ui/names.js';

export function ReplayView<S, St, V, E extends GameEvent>(props: {
  game: ClientGameSpec<S, St, V, E>;
  record: GameRecord;
  states: readonly St[];
  events: readonly (readonly E[])[];
}) {
  const t = useT();
  const { record, states } = props;
  const { ReplayBoard } = props.game;
  const total = states.length - 1;
  const [ply, setPly] = useState(total);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (ply >= total) return setPlaying(false);
    const timer = setTimeout(() => setPly(ply + 1), 900);
    return () => clearTimeout(timer);
  }, [playing, ply, total]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement) return;
      if (e.key === 'ArrowLeft') setPly((p) => Math.max(0, p - 1));
      if (e.key === 'ArrowRight') setPly((p) => Math.min(total, p + 1));
      if (e.key === 'Home') setPly(0);
      if (e.key === 'End') setPly(total);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [total]);

  const state = states[ply];
  const controls = (
    <div class="replay-controls row" role="toolbar" aria-label={t('replay.title')}>
      <button
        class="small secondary"
        aria-label={t('replay.first')}
        onClick={() => setPly(0)}
        disabled={ply === 0}
      >
        <Icon name="first" />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.prev')}
        data-testid="replay-prev"
        onClick={() => setPly(Math.max(0, ply - 1))}
        disabled={ply === 0}
      >
        <Icon name="prev" />
      </button>
      <button
        class="small"
        aria-label={playing ? t('replay.pause') : t('replay.play')}
        data-testid="replay-play"
        onClick={() => {
          if (!playing && ply >= total) setPly(0);
          setPlaying(!playing);
        }}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.next')}
        data-testid="replay-next"
        onClick={() => setPly(Math.min(total, ply + 1))}
        disabled={ply === total}
      >
        <Icon name="next" />
      </button>
      <button
        class="small secondary"
        aria-label={t('replay.last')}
        onClick={() => setPly(total)}
        disabled={ply === total}
      >
        <Icon name="last" />
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={ply}
        aria-label={t('replay.jump')}
        data-testid="replay-slider"
        onInput={(e) => setPly(Number(e.currentTarget.value))}
      />
      <span data-testid="replay-position">{t('replay.moveOf', { n: ply, total })}</span>
    </div>
  );

  const names = record.players.map((p) => (p.kind === 'bot' ? botName(t, p.bot ?? p.name) : p.name));
  // Each seat by its side or number as well as its player: two "Hard" bots must still be told apart.
  const seats = names.map((name, seat) => t('replay.seat', { seat: props.game.seatLabel(t, seat), name }));
  // Winners by name ("Alaric won", not "Player 3 won"); by seat and name where two players share a name.
  const winners =
    record.result?.winners.map((w) =>
      names.filter((n) => n === names[w]).length > 1 ? seats[w] : names[w],
    ) ?? [];
  return (
    <main class="page replay">
      <h1>
        {t(`games.${record.game}.name`)} · {t('replay.title')}
      </h1>
      <p class="muted" data-testid="replay-players">
        {seats.map((seat, i) => (
          <span key={i}>
            {i > 0 && ` ${t('replay.vs')} `}
            {seat}
            {/* A record names the server's own bots; a bot account's seat is marked in the lists of games. */}
            <BotMark holder={record.players[i].kind === 'bot' ? 'bot' : null} />
          </span>
        ))}
        {winners.length > 0 &&
          ` — ${t('replay.winner', { count: winners.length, names: winners.join(', ') })}`}
      </p>
      {controls}
      <div class="row">
        <button
          class="small secondary"
          data-testid="download-record"
          onClick={() => downloadRecord(record, record.id)}
        >
          {t('common.download')}
        </button>
      </div>
      <ReplayBoard
        record={record}
        state={state}
        ply={ply}
        moves={record.moves}
        events={props.events.slice(0, ply)}
        names={names}
        onJump={(p) => {
          setPlaying(false);
          setPly(p);
        }}
      />
    </main>
  );
}
