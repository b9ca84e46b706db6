/**
 * `attila bot connect --server URL --token TOKEN -- COMMAND ARGS…`: runs a bot program (the bot protocol,
 * examples/bots/README.md) against a server's bot API with a bot account's token, one program per game,
 * in as many games at once as the account has; answers challenges by the author's rules; shows its games
 * in a status line; stops cleanly on SIGINT (or SIGTERM).
 */
import { ok, type GameKind } from '@attila/core';
import type { Command } from 'commander';
import type { HostLine } from '@attila/protocol/bot-lines';
import { BotBridge } from '../bot-bridge.js';
import { parseClocks } from '../challenge-policy.js';
import { StatusLine } from '../status-line.js';
import { BotProgram } from '../bot-program.js';
import { backoffMs, BotServer, sleep, type LineStreamHandle } from '../bot-server.js';
import { parseSeek, Seeker } from '../bot-seek.js';

interface ConnectOptions {
  server: string;
  token?: string;
  accept: string;
  readyTimeout: string;
  seek?: string;
  clocks: string;
  maxGames: string;
  declineReason?: string;
}

const ACCEPT: Record<string, readonly GameKind[]> = {
  any: ['knights', 'tribes'],
  knights: ['knights'],
  tribes: ['tribes'],
};

const stamp = () => new Date().toISOString().slice(11, 19);

export function registerBotConnect(parent: Command): void {
  const bot: Command = parent.command('connect');
  bot
    .description("play on a server: your program takes the bot account's games through the bot API")
    .argument('<program...>', 'the bot program and its arguments (after --), e.g. -- python3 my_bot.py')
    .requiredOption('--server <url>', 'the server, e.g. https://attila.example or http://127.0.0.1:8080')
    .option('--token <token>', "the bot account's API token (default: $ATTILA_BOT_TOKEN)")
    .option('--accept <games>', 'the games to play: any, knights or tribes', 'any')
    .option(
      '--seek <games>',
      'keep an open table in the lobby for people to play the bot: knights, tribes, tribes:N, comma-separated',
    )
    .option('--ready-timeout <ms>', 'how long the program may take to answer hello', '10000')
    .option(
      '--clocks <kinds>',
      'challenges accepted by clock: any, or untimed, move, game, days, bank (comma-separated)',
      'any',
    )
    .option('--max-games <n>', 'challenges are declined while the bot plays this many games', '4')
    .option(
      '--decline-reason <text>',
      'the reason given with every declined challenge (default: the rule broken)',
    )
    .action(async (argv: string[], opts: ConnectOptions) => {
      const token = opts.token ?? process.env.ATTILA_BOT_TOKEN;
      if (!token) bot.error('bot connect: give the token with --token or $ATTILA_BOT_TOKEN');
      const accepted = ACCEPT[opts.accept];
      if (!accepted) bot.error(`--accept must be any, knights or tribes, not "${opts.accept}"`);
      let url: URL;
      try {
        url = new URL(opts.server);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      } catch {
        return bot.error(`--server must be an http:// or https:// address, not "${opts.server}"`);
      }
      const readyMs = Number(opts.readyTimeout);
      if (!Number.isInteger(readyMs) || readyMs < 1)
        bot.error(`--ready-timeout must be a whole number of ms, not "${opts.readyTimeout}"`);
      const clocks = parseClocks(opts.clocks);
      if (!clocks.ok) return bot.error(clocks.error.message);
      const maxGames = Number(opts.maxGames);
      if (!Number.isInteger(maxGames) || maxGames < 1)
        bot.error(`--max-games must be a whole number of 1 or more, not "${opts.maxGames}"`);
      const declineReason = opts.declineReason?.trim() || null;
      if (declineReason !== null && declineReason.length > 200)
        bot.error('--decline-reason has at most 200 characters');
      const seek = opts.seek === undefined ? ok([]) : parseSeek(opts.seek);
      if (!seek.ok) return bot.error(seek.error.message);
      const unaccepted = seek.value.find((spec) => !accepted.includes(spec.game));
      if (unaccepted) bot.error(`--seek ${unaccepted.game}: not a game of --accept ${opts.accept}`);
      const server = new BotServer(url.origin + url.pathname.replace(/\/$/, ''), token);
      let status: StatusLine | null = null;
      const print = (stream: NodeJS.WriteStream, text: string) =>
        status ? status.print(stream, text) : stream.write(text);
      const log = {
        info: (text: string) => print(process.stdout, `[${stamp()}] ${text}\n`),
        warn: (text: string) => print(process.stderr, `[${stamp()}] warning: ${text}\n`),
      };

      // The event stream first: a bad token or an unreachable server is told before the program starts.
      const early: HostLine[] = [];
      let bridge: BotBridge | null = null;
      let hello: (games: readonly GameKind[]) => void = () => undefined;
      const greeted = new Promise<readonly GameKind[]>((resolve) => (hello = resolve));
      const onEvent = (line: HostLine) => {
        if (line.type === 'hello') return hello(line.games);
        if (bridge) bridge.event(line);
        else early.push(line);
      };
      const events = await server.stream('/api/bot/stream', onEvent);
      if (!events.ok) return bot.error(`bot connect: ${events.error.message}`);
      let current: LineStreamHandle = events.value;
      const games = (await greeted).filter((g) => accepted.includes(g));
      if (games.length === 0) {
        events.value.close();
        return bot.error(`bot connect: the server hosts none of the games accepted (${accepted.join(', ')})`);
      }
      const [command, ...args] = argv;
      // Each game gets a program of its own; its standard error is prefixed with the game's table.
      const spawn = () => BotProgram.start(command, args, games, { timeoutMs: readyMs });
      // One program is started first, and ended, to tell a program that cannot start before any game.
      const started = await spawn();
      if (!started.ok) {
        events.value.close();
        return bot.error(`bot connect: ${started.error.message}`);
      }
      await started.value.program.stop();
      const policy = { games: new Set(games), clocks: clocks.value, maxGames, reason: declineReason };
      bridge = new BotBridge(server, spawn, new Set(games), policy, log);
      log.info(
        `${started.value.name} is connected to ${server.url}, playing ${games.join(' and ')} ` +
          `(one program per game; challenges: ${[...clocks.value].join(', ')} clocks, at most ${maxGames} games, casual only)`,
      );
      const active = bridge;
      status = new StatusLine(() => active.status(), process.stderr);
      active.onChange = () => status?.draw(true);
      status.start();
      for (const line of early.splice(0)) bridge.event(line);
      const seeker = new Seeker(server, seek.value, log);
      seeker.start();

      let stopped = false;
      let finish: (why: string | null) => void = () => undefined;
      const done = new Promise<string | null>((resolve) => (finish = resolve));
      const stop = async (why: string | null) => {
        if (stopped) return;
        stopped = true;
        seeker.stop();
        status?.stop();
        const left = active.stop();
        current.close();
        finish(why);
        if (why === null) {
          log.info(`stopped after ${active.ended} games; ${left} left to their clocks`);
          process.exit(0);
        }
        process.stderr.write(`error: bot connect: ${why}\n`);
        process.exit(1);
      };
      process.once('SIGINT', () => void stop(null));
      process.once('SIGTERM', () => void stop(null));
      // The server restarting or the connection dropping: the event stream is opened again after a growing
      // wait; its first lines announce the games still being played, which the bridge already follows.
      const followEvents = async () => {
        for (let attempt = 0; !stopped;) {
          await current.ended;
          if (stopped) return;
          const wait = backoffMs(attempt++);
          log.warn(`the event stream from ${server.url} was cut; reconnecting in ${wait} ms`);
          await sleep(wait);
          if (stopped) return;
          const again = await server.stream('/api/bot/stream', onEvent);
          if (again.ok) {
            attempt = 0;
            current = again.value;
            log.info(`reconnected to ${server.url}`);
          } else if (/\(status 40[13]\)/.test(again.error.message)) {
            // The token was revoked (or the account is gone) meanwhile: no reconnecting helps.
            return stop(again.error.message);
          } else {
            log.warn(again.error.message);
            current = { ended: Promise.resolve(), close: () => undefined };
          }
        }
      };
      void followEvents();
      await done;
    });
}
