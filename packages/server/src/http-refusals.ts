/**
 * What the HTTP framework refuses on its own (before a route runs: a body that is not JSON, too large, of
 * another content type, a path parameter too long, a URL that does not decode) in the server's one error
 * shape `{error: {code, message}}`, with a code a client can act on and a status from the README's list.
 */
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@attila/protocol';
import { Unavailable } from './errors.js';

export interface Refusal {
  readonly status: number;
  readonly body: ErrorBody;
}

const refusal = (status: number, code: string, message: string): Refusal => ({
  status,
  body: { error: { code, message } },
});

/** A thrown value already in the error shape (the rate limiter builds its refusal this way). */
function shaped(error: unknown): Refusal | null {
  if (typeof error !== 'object' || error === null || !('error' in error)) return null;
  const inner = (error as { error: unknown }).error;
  if (typeof inner !== 'object' || inner === null) return null;
  const { code, message } = inner as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const status = (error as { statusCode?: unknown }).statusCode;
  return refusal(typeof status === 'number' ? status : 400, code, message);
}

/**
 * The framework's error (or any error a route let escape) as a refusal. Unknown errors are the server's
 * fault: 500 `server.error`, with nothing of their text shown (it is logged).
 */
export function frameworkRefusal(error: unknown, limits: { bodyBytes: number }): Refusal {
  const already = shaped(error);
  if (already) return already;
  // A service is down (PostgreSQL, Redis): 503 with its code and message; nothing was changed.
  if (error instanceof Unavailable) return refusal(error.statusCode, error.code, error.message);
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    statusCode?: unknown;
    message?: unknown;
  };
  switch (e.code) {
    case 'ATTILA_JSON':
      return refusal(400, 'request.json', String(e.message));
    case 'ATTILA_FORBIDDEN_KEY':
      return refusal(400, 'request.forbidden-key', String(e.message));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return refusal(400, 'request.json', 'the body is empty: send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return refusal(400, 'request.json', 'the body is not valid JSON: send one JSON object');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return refusal(413, 'request.too-large', `a request body may have at most ${limits.bodyBytes} bytes`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return refusal(
        415,
        'request.content-type',
        'bodies are JSON: send them with "content-type: application/json"',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return refusal(400, 'request.content-length', 'the content-length does not match the body');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return refusal(
        414,
        'request.uri-too-long',
        'a part of this path is too long (table ids have at most 64 characters)',
      );
    case 'FST_ERR_BAD_URL':
      return refusal(400, 'request.url', 'the URL does not decode: use valid percent-encoding');
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 500) {
    return refusal(500, 'server.error', 'the server failed to handle this request; it has been logged');
  }
  // Some other client error of the framework: keep its status, say what it said.
  return refusal(status, 'request.invalid', typeof e.message === 'string' ? e.message : 'bad request');
}

/** Keys that would reach an object's prototype if a body were ever merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const mayHoldForbiddenKey = (text: string): boolean =>
  text.includes('\\') || [...FORBIDDEN_KEYS].some((key) => text.includes(key));

class BodyError extends Error {
  constructor(
    readonly code: 'ATTILA_JSON' | 'ATTILA_FORBIDDEN_KEY',
    message: string,
  ) {
    super(message);
  }
}

/** Parses a JSON body, refusing (with a `BodyError`) malformed JSON and prototype keys at any depth. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new BodyError('ATTILA_JSON', 'the body is empty: send a JSON object');
  try {
    // A reviver makes JSON.parse several times slower; a body that cannot hold a forbidden key (none of
    // their names in it, and no escape that could spell one) parses the same without it.
    if (!mayHoldForbiddenKey(text)) return JSON.parse(text) as unknown;
    return JSON.parse(text, (key: string, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) {
        throw new BodyError('ATTILA_FORBIDDEN_KEY', `the key "${key}" is not allowed anywhere in a body`);
      }
      return value;
    });
  } catch (e) {
    if (e instanceof BodyError) throw e;
    throw new BodyError(
      'ATTILA_JSON',
      `the body is not valid JSON (${(e as Error).message}); NaN, Infinity, comments and trailing commas are not JSON`,
    );
  }
}

/** Sends a refusal on the raw response (for the router's refusals, which come before any route). */
export function sendRefusal(res: ServerResponse, r: Refusal): void {
  const body = JSON.stringify(r.body);
  res.writeHead(r.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Refusals of Node's HTTP parser (headers too large, a request that is not HTTP), in the same shape. */
export function answerClientError(error: Error, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = (error as { code?: unknown }).code === 'HPE_HEADER_OVERFLOW';
  const [status, reason, code, message] = tooLarge
    ? [
        431,
        'Request Header Fields Too Large',
        'request.headers-too-large',
        'the request headers are too large',
      ]
    : [400, 'Bad Request', 'request.malformed', 'the request is not valid HTTP'];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
