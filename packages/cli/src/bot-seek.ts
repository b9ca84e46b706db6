/**
 * `--seek`: the bridge keeps an open table of each game asked for in the server's lobby, where the bot sits
 * and waits; whoever joins plays the bot. When one starts (or expires unjoined) the next is made. The bot
 * takes each seat in turn, so people get every side.
 */
import { err, ok, type GameKind, type Result } from '@attila/core';
import type { BridgeLog } from './bot-bridge.js';
import type { BotServer } from './bot-server.js';

export interface SeekSpec {
  readonly game: GameKind;
  readonly players: number;
}

/** `knights`, `tribes` (3 players) or `tribes:N` (2–5), comma-separated. */
export function parseSeek(text: string): Result<SeekSpec[]> {
  const specs: SeekSpec[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(knights|tribes)(?::([2-5]))?$/.exec(part);
    if (!m || (m[1] === 'knights' && m[2] !== undefined && m[2] !== '2')) {
      return err(
        'seek.invalid',
        `--seek takes knights, tribes or tribes:N (N players, 2 to 5), not "${part}"`,
      );
    }
    specs.push({ game: m[1] as GameKind, players: m[2] ? Number(m[2]) : m[1] === 'knights' ? 2 : 3 });
  }
  return ok(specs);
}

/** How often the bridge looks whether its open tables are still waiting. */
const SEEK_EVERY_MS = 2_000;

export class Seeker {
  private readonly tables: (string | null)[];
  private made = 0;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(
    private readonly server: BotServer,
    private readonly specs: readonly SeekSpec[],
    private readonly log: BridgeLog,
  ) {
    this.tables = specs.map(() => null);
  }

  start(): void {
    void this.tick();
    this.timer = setInterval(() => void this.tick(), SEEK_EVERY_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const [i, spec] of this.specs.entries()) {
        const id = this.tables[i];
        if (id !== null) {
          const status = await this.server.tableStatus(id);
          if (!status.ok || status.value === 'open') continue;
        }
        const seat = this.made++ % spec.players;
        const made = await this.server.createTable({
          game: spec.game,
          settings: spec.game === 'tribes' ? { players: spec.players } : {},
          seats: Array.from({ length: spec.players }, () => ({ type: 'human' })),
          seat,
          // Any display name: a bot account sits under its own (but a create without one seats nobody).
          name: 'player',
        });
        if (!made.ok) {
          this.log.warn(made.error.message);
          continue;
        }
        this.tables[i] = made.value;
        this.log.info(
          `table ${made.value}: a ${spec.game} table for ${spec.players} waits in the lobby (seat ${seat})`,
        );
      }
    } finally {
      this.busy = false;
    }
  }
}
