/**
 * Cross-site request forgery: a page elsewhere must not make a visitor's browser change anything with the
 * visitor's session cookie. Three layers, any one of which stops it:
 * 1. the cookie is SameSite=Lax: browsers do not send it on another site's POST;
 * 2. every change carries the header `x-attila-csrf: 1`: a page of another origin cannot set a custom header
 *    without a CORS preflight, and this server answers no preflight;
 * 3. `Origin` (or, without it, `Referer`), when the browser sends one, must be this server's own host or an
 *    allow-listed origin (origins.ts, the same list as for `/ws`).
 * The header replaces a token: nothing to store, to fetch first, or to lose on reload (OWASP's "custom
 * request header" defence). Programs without cookies (bots, the CLI) are not affected: a seat token is
 * not ambient authority, so requests without the cookie are not checked.
 */
import { err, ok, type Result } from '@attila/core';
import { originAllowed, type OriginAllowList } from './../origins.js';

export const CSRF_HEADER = 'x-attila-csrf';

export interface ChangeRequest {
  readonly method: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Whether a change sent with the session cookie may proceed. */
export function csrfCheck(req: ChangeRequest, allowed: OriginAllowList): Result<void> {
  if (first(req.headers[CSRF_HEADER]) !== '1') {
    return err(
      'csrf.header',
      `a change made with the session cookie needs the header "${CSRF_HEADER}: 1" (the web app sends it)`,
    );
  }
  const host = first(req.headers.host);
  const origin = first(req.headers.origin);
  let from = origin;
  if (from === undefined) {
    const referer = first(req.headers.referer);
    if (referer !== undefined) {
      try {
        from = new URL(referer).origin;
      } catch {
        from = 'null';
      }
    }
  }
  if (from !== undefined && !originAllowed(from, host, allowed)) {
    return err(
      'csrf.origin',
      `a change with the session cookie from the page ${from} is refused: only this server's own pages may make it`,
    );
  }
  return ok(undefined);
}
