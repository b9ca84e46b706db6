/** Hash routes: the app is one page, every screen has a shareable address. */
import { GAME_KINDS, type GameKind } from '@attila/core';

export type Route =
  | { readonly name: 'home' }
  | { readonly name: 'rules'; readonly game: GameKind }
  | { readonly name: 'hotseat'; readonly game: GameKind }
  | { readonly name: 'lobby'; readonly game?: GameKind }
  | { readonly name: 'table'; readonly id: string }
  | { readonly name: 'replay'; readonly id: string | null }
  /** The Knights analysis board, at a position (its text) or at the empty standard board. */
  | { readonly name: 'knightsAnalysis'; readonly position: string | null }
  /** Knights puzzles: the next one near the player's rating, the daily puzzle, or one by its id. */
  | { readonly name: 'knightsPuzzles'; readonly puzzle: 'next' | 'daily' | { readonly id: string } }
  | { readonly name: 'account' }
  | { readonly name: 'player'; readonly player: string }
  /** Challenge players, the first one named (from their profile) or none yet. */
  | { readonly name: 'challenge'; readonly player: string | null }
  | { readonly name: 'lessons' }
  | { readonly name: 'leaderboard' }
  /** The bot ladder: bots rated against each other, and their games. */
  | { readonly name: 'ladder' }
  /** Events (tournaments): the list and the creation form. */
  | { readonly name: 'events' }
  /** One event; `code`: a private event's invitation (the link its creator shares). */
  | { readonly name: 'event'; readonly id: string; readonly code: string | null }
  /** Connecting a bot of one's own: the bot account, its tokens, the bridge and the ladder. */
  | { readonly name: 'bots' }
  | { readonly name: 'lesson'; readonly id: string }
  /** The moderators' queue of reports. */
  | { readonly name: 'moderation' }
  /** Report a player about a game, from its table or its replay. */
  | {
      readonly name: 'report';
      readonly player: string;
      readonly from: 'table' | 'replay';
      readonly table: string;
    }
  | { readonly name: 'notFound'; readonly path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  const parts = path === '' ? [] : path.split('/').map(decodeURIComponent);
  const [a, b] = parts;
  if (parts.length === 0) return { name: 'home' };
  const game = gameNamed(b);
  const gameFirst = gameNamed(a);
  if (a === 'rules' && parts.length === 1) return { name: 'rules', game: GAME_KINDS[0] };
  if (a === 'rules' && game && parts.length === 2) return { name: 'rules', game };
  if (gameFirst && b === 'hotseat' && parts.length === 2) return { name: 'hotseat', game: gameFirst };
  if (a === 'lobby' && parts.length === 1) return { name: 'lobby' };
  if (a === 'lobby' && game && parts.length === 2) return { name: 'lobby', game };
  if (a === 'table' && b && parts.length === 2) return { name: 'table', id: b };
  if (a === 'replay' && parts.length <= 2) return { name: 'replay', id: b ?? null };
  if (a === 'knights' && b === 'analysis' && parts.length <= 3) {
    return { name: 'knightsAnalysis', position: parts[2] ?? null };
  }
  if (a === 'knights' && b === 'puzzles' && parts.length <= 3) {
    const c = parts[2];
    return { name: 'knightsPuzzles', puzzle: c === undefined ? 'next' : c === 'daily' ? 'daily' : { id: c } };
  }
  if (a === 'account' && parts.length === 1) return { name: 'account' };
  if (a === 'player' && b && parts.length === 2) return { name: 'player', player: b };
  if (a === 'challenge' && parts.length <= 2) return { name: 'challenge', player: b ?? null };
  if (a === 'learn' && parts.length === 1) return { name: 'lessons' };
  if (a === 'leaderboard' && parts.length === 1) return { name: 'leaderboard' };
  if (a === 'ladder' && parts.length === 1) return { name: 'ladder' };
  if (a === 'events' && parts.length === 1) return { name: 'events' };
  if (a === 'events' && b && parts.length <= 3) return { name: 'event', id: b, code: parts[2] ?? null };
  if (a === 'bots' && parts.length === 1) return { name: 'bots' };
  if (a === 'learn' && b && parts.length === 2) return { name: 'lesson', id: b };
  if (a === 'moderation' && parts.length === 1) return { name: 'moderation' };
  if (
    a === 'report' &&
    b &&
    (parts[2] === 'table' || parts[2] === 'replay') &&
    parts[3] &&
    parts.length === 4
  )
    return { name: 'report', player: b, from: parts[2], table: parts[3] };
  return { name: 'notFound', path };
}

function gameNamed(part: string | undefined): GameKind | null {
  return GAME_KINDS.find((k) => k === part) ?? null;
}

export function href(route: Route): string {
  switch (route.name) {
    case 'home':
      return '#/';
    case 'rules':
      return `#/rules/${route.game}`;
    case 'hotseat':
      return `#/${route.game}/hotseat`;
    case 'lobby':
      return route.game ? `#/lobby/${route.game}` : '#/lobby';
    case 'table':
      return `#/table/${encodeURIComponent(route.id)}`;
    case 'replay':
      return route.id ? `#/replay/${encodeURIComponent(route.id)}` : '#/replay';
    case 'knightsAnalysis':
      return route.position
        ? `#/knights/analysis/${encodeURIComponent(route.position)}`
        : '#/knights/analysis';
    case 'knightsPuzzles':
      return route.puzzle === 'next'
        ? '#/knights/puzzles'
        : route.puzzle === 'daily'
          ? '#/knights/puzzles/daily'
          : `#/knights/puzzles/${encodeURIComponent(route.puzzle.id)}`;
    case 'account':
      return '#/account';
    case 'player':
      return `#/player/${encodeURIComponent(route.player)}`;
    case 'challenge':
      return route.player ? `#/challenge/${encodeURIComponent(route.player)}` : '#/challenge';
    case 'lessons':
      return '#/learn';
    case 'leaderboard':
      return '#/leaderboard';
    case 'ladder':
      return '#/ladder';
    case 'events':
      return '#/events';
    case 'event':
      return `#/events/${encodeURIComponent(route.id)}${route.code ? `/${encodeURIComponent(route.code)}` : ''}`;
    case 'bots':
      return '#/bots';
    case 'lesson':
      return `#/learn/${encodeURIComponent(route.id)}`;
    case 'moderation':
      return '#/moderation';
    case 'report':
      return `#/report/${encodeURIComponent(route.player)}/${route.from}/${encodeURIComponent(route.table)}`;
    case 'notFound':
      return `#/${route.path}`;
  }
}

export function navigate(route: Route): void {
  location.hash = href(route);
}
