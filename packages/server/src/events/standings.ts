/**
 * From an event's stored rows to the pure modules' shapes and back: the standings of each format, and the
 * next pairings. One place translates, so the director and the views read the rows alike.
 */
import type { EventStandingView } from '@attila/protocol/events';
import { arenaStandings, pairArena, type ArenaGame } from './arena.js';
import type { StoredEntry, StoredEvent, StoredEventGame } from './event-store.js';
import { twoSeatWinner } from './game-winner.js';
import { pairSwissRound, swissStandings, type SwissGame } from './swiss.js';
import { seatTribesRound, tribesStandings, type TribesTable } from './tribes-rounds.js';

const winnerOf = (g: StoredEventGame): string | null => twoSeatWinner(g.players, g.places);

const swissGames = (games: readonly StoredEventGame[]): SwissGame[] =>
  games.map((g) => ({
    round: g.round,
    first: g.players[0]!,
    second: g.players.length > 1 ? g.players[1] : null,
    winner: winnerOf(g),
    over: g.over,
  }));

const arenaGames = (games: readonly StoredEventGame[]): ArenaGame[] =>
  games.map((g) => ({
    ordinal: g.ordinal,
    first: g.players[0]!,
    second: g.players[1]!,
    winner: winnerOf(g),
    over: g.over,
  }));

const tribesTables = (games: readonly StoredEventGame[]): TribesTable[] =>
  games.map((g) => ({ round: g.round, seats: g.players, places: g.places, over: g.over }));

const swissPlayers = (entries: readonly StoredEntry[]) =>
  entries.map((e) => ({
    id: e.playerId,
    rating: e.rating,
    fromRound: e.fromRound,
    withdrawn: e.withdrawnAt !== null,
  }));

export function standingsOf(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  games: readonly StoredEventGame[],
): EventStandingView[] {
  const name = new Map(entries.map((e) => [e.playerId, e.name]));
  const players = swissPlayers(entries);
  switch (event.body.format) {
    case 'swiss':
      return swissStandings(players, swissGames(games)).map((s) => ({
        rank: s.rank,
        player: s.id,
        name: name.get(s.id) ?? s.id,
        score: s.score,
        tieBreaks: { buchholz: s.buchholz, sonnebornBerger: s.sonnebornBerger },
        withdrawn: s.withdrawn,
      }));
    case 'arena':
      return arenaStandings(players, arenaGames(games)).map((s) => ({
        rank: s.rank,
        player: s.id,
        name: name.get(s.id) ?? s.id,
        score: s.score,
        tieBreaks: { performance: s.performance, games: s.games, streak: s.streak },
        withdrawn: s.withdrawn,
        onFire: s.onFire,
      }));
    case 'tribes-rounds':
      return tribesStandings(players, tribesTables(games)).map((s) => ({
        rank: s.rank,
        player: s.id,
        name: name.get(s.id) ?? s.id,
        score: s.points,
        tieBreaks: { average: Math.round(s.average * 100) / 100, tables: s.tables },
        withdrawn: s.withdrawn,
      }));
  }
}

/** The seatings of the next round (Swiss, Tribes): each table's players in seat order (null: a bot, a bye alone). */
export function nextRound(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  games: readonly StoredEventGame[],
  apart: ReadonlySet<string> = new Set(),
): { players: (string | null)[]; bye: boolean }[] {
  const round = event.round + 1;
  const players = swissPlayers(entries);
  if (event.body.format === 'swiss') {
    const r = pairSwissRound(players, swissGames(games), round, event.body.seed, apart);
    return [
      ...r.pairings.map((p) => ({ players: [p.first, p.second], bye: false })),
      ...(r.bye ? [{ players: [r.bye], bye: true }] : []),
    ];
  }
  const active = players.filter((p) => p.fromRound <= round);
  const r = seatTribesRound(
    active,
    tribesTables(games),
    round,
    { size: event.body.tableSize, min: event.body.minTable, max: 5, bots: event.body.bots },
    apart,
  );
  return r.tables.map((t) => ({ players: [...t], bye: false }));
}

/** The arena games to start now. */
export function nextArenaGames(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  games: readonly StoredEventGame[],
  apart: ReadonlySet<string> = new Set(),
): string[][] {
  const busy = new Set(
    games.filter((g) => !g.over).flatMap((g) => g.players.filter((p): p is string => p !== null)),
  );
  const players = swissPlayers(entries);
  return pairArena(players, arenaGames(games), busy, event.body.seed, games.length, apart).map((p) => [
    p.first,
    p.second,
  ]);
}
