/**
 * Which web pages may open a live-play socket (`/ws`): the server's own pages always, other origins only
 * when listed. Browsers always send `Origin` on a WebSocket upgrade, so a page elsewhere cannot ride on a
 * visitor's browser; programs (bots, the load script, the CLI) send none and are let through, since they
 * could send any Origin they like anyway.
 */
import { err, ok, type Result } from '@attila/core';

/** `*` (any origin) or exact origins such as `https://attila.example`. */
export type OriginAllowList = '*' | readonly string[];

/** Parses the `--allow-origin` list (comma-separated) into origins, refusing what is not one. */
export function parseAllowList(text: string): Result<OriginAllowList> {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.includes('*')) return ok('*');
  const out: string[] = [];
  for (const item of items) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return err('origin.list', `"${item}" is not an origin: write it like https://attila.example`);
    }
    if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) {
      return err(
        'origin.list',
        `"${item}" is not an origin: scheme, host and port only (https://attila.example)`,
      );
    }
    out.push(url.origin);
  }
  return ok(out);
}

/**
 * Whether a socket upgrade with this `Origin` may proceed: none given (not a browser), the same host as the
 * request's `Host` (the server's own pages, whatever the scheme a TLS proxy adds), or a listed origin.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: OriginAllowList,
): boolean {
  if (origin === undefined) return true;
  if (allowed === '*') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  return allowed.includes(url.origin);
}
