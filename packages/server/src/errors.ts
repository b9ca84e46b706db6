/**
 * Every refusal the server itself gives, as one typed list of codes, and the HTTP status of each. Engines
 * add their own move codes (`move.illegal`, `knights.*`, ...): those are bad input, status 400.
 * Longer than 400 lines on purpose: one catalogue, read as a whole by whoever documents or answers a refusal;
 * split by feature it would hide the codes that clash or repeat.
 */

/** The codes of refusals decided by the server (not by an engine). */
export type ErrorCode =
  // the edge: a message or request that does not parse
  | 'message.json'
  | 'message.invalid'
  | 'message.too-large'
  | 'message.binary'
  | 'request.invalid'
  | 'request.json'
  | 'request.forbidden-key'
  | 'request.url'
  | 'request.malformed'
  | 'request.content-length'
  | 'request.too-large'
  | 'request.uri-too-long'
  | 'request.content-type'
  | 'request.headers-too-large'
  | 'origin.forbidden'
  | 'origin.list'
  | 'name.bot'
  | 'name.account'
  | 'rate.limited'
  | 'route.not-found'
  // the socket's greeting
  | 'hello.first'
  | 'hello.again'
  | 'hello.auth'
  | 'spectator'
  // tables and seats
  | 'table.not-found'
  | 'auth.token'
  | 'create.game'
  | 'create.settings'
  | 'create.seats'
  | 'create.bot'
  | 'create.takeover'
  | 'create.seat'
  | 'create.rated-bots'
  | 'create.rated-no-clock'
  | 'rated.account-needed'
  | 'rated.bot-account'
  | 'join.already-seated'
  | 'join.started'
  | 'join.full'
  | 'join.seat'
  | 'pool.game'
  | 'pool.seats'
  | 'pool.rated-guest'
  | 'pool.rated-bot'
  | 'pool.rated-bots'
  | 'pool.not-found'
  | 'leave.finished'
  | 'leave.no-takeover'
  | 'reclaim.not-taken'
  | 'reclaim.not-playing'
  | 'record.unfinished'
  | 'close.started'
  | 'close.not-creator'
  | 'budget.bots-address'
  | 'budget.bots-server'
  | 'chat.rate-limited'
  | 'sockets.address'
  // besides moves: resign, abort, takebacks, rematch (live-play.ts)
  | 'reclaim.resigned'
  | 'resign.not-playing'
  | 'resign.already'
  | 'abort.not-playing'
  | 'abort.moved'
  | 'takeback.game'
  | 'takeback.not-playing'
  | 'takeback.no-move'
  | 'takeback.pending'
  | 'takeback.refused-for-good'
  | 'takeback.own'
  | 'takeback.none'
  | 'rematch.not-finished'
  | 'rematch.never-started'
  | 'rematch.started'
  | 'rematch.declined'
  // community: follows, blocks, reports, moderation (community/)
  | 'follow.self'
  | 'follow.unknown-player'
  | 'follow.already'
  | 'follow.not-following'
  | 'block.self'
  | 'block.unknown-player'
  | 'block.already'
  | 'block.not-blocked'
  | 'report.self'
  | 'report.unknown-player'
  | 'report.table-not-found'
  | 'report.not-at-table'
  | 'report.duplicate'
  | 'report.too-many'
  | 'moderation.forbidden'
  | 'moderation.unknown-player'
  | 'moderation.report-not-found'
  | 'moderation.report-closed'
  | 'moderation.not-rated'
  | 'moderation.self'
  | 'moderation.table-not-found'
  | 'chat.muted'
  | 'challenge.blocked'
  | 'join.blocked'
  | 'rated.barred'
  | 'rated.leaver'
  | 'account.closed'
  // players, sessions, accounts (identity/)
  | 'csrf.header'
  | 'csrf.origin'
  | 'session.none'
  | 'session.not-found'
  | 'account.name'
  | 'account.name-taken'
  | 'account.password'
  | 'account.password-wrong'
  | 'account.already'
  | 'account.guest'
  | 'account.playing'
  | 'login.failed'
  | 'login.rate-limited'
  | 'player.not-found'
  | 'passkey.challenge'
  | 'passkey.invalid'
  | 'passkey.not-found'
  | 'puzzle.not-found'
  // bot accounts, API tokens, the bot API (bot-api/)
  | 'bot.guest'
  | 'bot.already'
  | 'bot.played'
  | 'bot.not-bot'
  | 'bot.not-seated'
  // challenges (challenges/challenge-rules.ts)
  | 'challenge.self'
  | 'challenge.unknown-player'
  | 'challenge.deleted-player'
  | 'challenge.rated-guest'
  | 'challenge.rated-bot'
  | 'challenge.rated-no-clock'
  | 'challenge.settings'
  | 'challenge.duplicate-player'
  | 'challenge.not-found'
  | 'challenge.not-addressed'
  | 'challenge.own'
  | 'challenge.answered'
  | 'challenge.closed'
  | 'challenge.expired'
  | 'challenge.not-challenger'
  | 'challenge.too-many'
  | 'event.not-found'
  | 'event.start'
  | 'event.length'
  | 'event.clock'
  | 'event.rating-range'
  | 'event.tables'
  | 'event.bots'
  | 'event.finished'
  | 'event.code'
  | 'event.bot'
  | 'event.guest'
  | 'event.joined'
  | 'event.not-entered'
  | 'event.withdrawn'
  | 'event.account'
  | 'token.missing'
  | 'token.invalid'
  | 'token.revoked'
  | 'token.scope'
  | 'token.not-found'
  | 'token.too-many'
  // moves
  | 'move.seat'
  | 'move.not-playing'
  | 'move.not-your-turn'
  | 'move.stale'
  | 'move.bot-controlled'
  | 'move.not-bot'
  | 'clock.flagged'
  | 'vacation.not-correspondence'
  | 'vacation.not-playing'
  | 'vacation.none-left'
  // the services the server depends on (several processes: PostgreSQL, Redis)
  | 'storage.unavailable'
  | 'broadcast.unavailable'
  | 'server.error';

/** The HTTP status of each refusal; a code not listed here (an engine's) is bad input: 400. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  'message.json': 400,
  'message.invalid': 400,
  'message.too-large': 413,
  'message.binary': 400,
  'request.invalid': 400,
  'request.json': 400,
  'request.forbidden-key': 400,
  'request.url': 400,
  'request.malformed': 400,
  'request.content-length': 400,
  'request.too-large': 413,
  'request.uri-too-long': 414,
  'request.content-type': 415,
  'request.headers-too-large': 431,
  'origin.forbidden': 403,
  'origin.list': 400,
  'name.bot': 400,
  'name.account': 409,
  'rate.limited': 429,
  'route.not-found': 404,
  'hello.first': 400,
  'hello.again': 409,
  'hello.auth': 400,
  spectator: 403,
  'table.not-found': 404,
  'auth.token': 403,
  'create.game': 400,
  'create.settings': 400,
  'create.seats': 400,
  'create.bot': 400,
  'create.takeover': 400,
  'create.seat': 400,
  'create.rated-bots': 400,
  'create.rated-no-clock': 400,
  'rated.account-needed': 403,
  'rated.bot-account': 403,
  'join.already-seated': 409,
  'join.started': 409,
  'join.full': 409,
  'join.seat': 409,
  'pool.game': 400,
  'pool.seats': 400,
  'pool.rated-guest': 403,
  'pool.rated-bot': 403,
  'pool.rated-bots': 400,
  'pool.not-found': 404,
  'leave.finished': 409,
  'leave.no-takeover': 409,
  'reclaim.not-taken': 409,
  'reclaim.not-playing': 409,
  'record.unfinished': 409,
  'close.started': 409,
  'close.not-creator': 409,
  'budget.bots-address': 429,
  'budget.bots-server': 429,
  'chat.rate-limited': 429,
  'sockets.address': 429,
  'reclaim.resigned': 409,
  'resign.not-playing': 409,
  'resign.already': 409,
  'abort.not-playing': 409,
  'abort.moved': 409,
  'takeback.game': 409,
  'takeback.not-playing': 409,
  'takeback.no-move': 409,
  'takeback.pending': 409,
  'takeback.refused-for-good': 409,
  'takeback.own': 409,
  'takeback.none': 409,
  'rematch.not-finished': 409,
  'rematch.never-started': 409,
  'rematch.started': 409,
  'rematch.declined': 409,
  'follow.self': 400,
  'follow.unknown-player': 404,
  'follow.already': 409,
  'follow.not-following': 409,
  'block.self': 400,
  'block.unknown-player': 404,
  'block.already': 409,
  'block.not-blocked': 409,
  'report.self': 400,
  'report.unknown-player': 404,
  'report.table-not-found': 404,
  'report.not-at-table': 400,
  'report.duplicate': 409,
  'report.too-many': 429,
  'moderation.forbidden': 403,
  'moderation.unknown-player': 404,
  'moderation.report-not-found': 404,
  'moderation.report-closed': 409,
  'moderation.not-rated': 409,
  'moderation.self': 400,
  'moderation.table-not-found': 404,
  'chat.muted': 403,
  'challenge.blocked': 403,
  'join.blocked': 403,
  'rated.barred': 403,
  'rated.leaver': 403,
  'account.closed': 403,
  'csrf.header': 403,
  'csrf.origin': 403,
  'session.none': 401,
  'session.not-found': 404,
  'account.name': 400,
  'account.name-taken': 409,
  'account.password': 400,
  'account.password-wrong': 403,
  'account.already': 409,
  'account.guest': 409,
  'account.playing': 409,
  'login.failed': 401,
  'login.rate-limited': 429,
  'player.not-found': 404,
  'passkey.challenge': 409,
  'passkey.invalid': 400,
  'puzzle.not-found': 404,
  'passkey.not-found': 404,
  'bot.guest': 409,
  'bot.already': 409,
  'bot.played': 409,
  'bot.not-bot': 409,
  'bot.not-seated': 403,
  'challenge.self': 400,
  'challenge.unknown-player': 404,
  'challenge.deleted-player': 409,
  'challenge.rated-guest': 403,
  'challenge.rated-bot': 403,
  'challenge.rated-no-clock': 400,
  'challenge.settings': 400,
  'challenge.duplicate-player': 400,
  'challenge.not-found': 404,
  'challenge.not-addressed': 403,
  'challenge.own': 409,
  'challenge.answered': 409,
  'challenge.closed': 409,
  'challenge.expired': 409,
  'challenge.not-challenger': 403,
  'challenge.too-many': 429,
  'event.not-found': 404,
  'event.start': 400,
  'event.length': 400,
  'event.clock': 400,
  'event.rating-range': 403,
  'event.tables': 400,
  'event.bots': 400,
  'event.finished': 409,
  'event.code': 403,
  'event.bot': 403,
  'event.guest': 403,
  'event.joined': 409,
  'event.not-entered': 409,
  'event.withdrawn': 409,
  'event.account': 403,
  'token.missing': 401,
  'token.invalid': 401,
  'token.revoked': 401,
  'token.scope': 403,
  'token.not-found': 404,
  'token.too-many': 409,
  'move.seat': 400,
  'move.not-playing': 409,
  'move.not-your-turn': 409,
  'move.stale': 409,
  'move.bot-controlled': 409,
  'move.not-bot': 409,
  'clock.flagged': 409,
  'vacation.not-correspondence': 409,
  'vacation.not-playing': 409,
  'vacation.none-left': 409,
  'storage.unavailable': 503,
  'broadcast.unavailable': 503,
  'server.error': 500,
};

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(HTTP_STATUS, code);
}

/** The status of a refusal by its code. */
export function httpStatus(code: string): number {
  return isErrorCode(code) ? HTTP_STATUS[code] : 400;
}

/** Refusals of a bot's move that only mean the game moved on while it was thinking (wasted work, no fault). */
export const OVERTAKEN: ReadonlySet<string> = new Set<ErrorCode>([
  'move.stale',
  'move.not-your-turn',
  'move.not-playing',
  'move.not-bot',
]);

/**
 * A service this process depends on is down (PostgreSQL, Redis): the request is refused with status 503
 * and nothing was changed; the process recovers by itself when the service returns. `statusCode` is what
 * Fastify answers with when such an error reaches it.
 */
export class Unavailable extends Error {
  readonly statusCode = 503;
  /** The refusal in the server's one error shape, so the HTTP layer answers it as it is. */
  readonly error: { readonly code: string; readonly message: string };
  constructor(
    readonly code: 'storage.unavailable' | 'broadcast.unavailable',
    message: string,
  ) {
    super(message);
    this.error = { code, message };
  }
}

/** A thrown value as a refusal: the code of a service outage, otherwise an internal error. */
export function refusalOf(e: unknown): { code: ErrorCode; message: string } {
  if (e instanceof Unavailable) return { code: e.code, message: e.message };
  return { code: 'server.error', message: 'the server failed to handle this message; it has been logged' };
}
