/**
 * The web app's built files: compressed (brotli or gzip, whichever the browser takes), hashed files under
 * `/assets/` cached for a year as immutable, `index.html` revalidated on every visit (`no-cache`), and the
 * security headers every response carries (helmet): a Content-Security-Policy that allows no inline script
 * and no framing, and its friends. Unknown paths outside the API get the index page (the app routes itself).
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorBody } from '@attila/protocol';

/**
 * Only the app's own files may run or style the page; it may talk only to its own server (`connect-src
 * 'self'` covers `ws:`/`wss:` on the same host); no page may frame it. `data:` images: the favicon.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** A year: hashed file names change whenever their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Text worth compressing (images other than SVG are compressed already; the API's JSON is left as it is). */
const COMPRESSIBLE =
  /^(text\/(html|css|javascript|plain)|application\/(javascript|manifest\+json)|image\/svg\+xml)/;

/** The cache policy of a served file, from its path relative to the app's root. */
export function cacheControlFor(relativePath: string): string {
  const parts = relativePath.split(sep);
  return parts[0] === 'assets' && parts.length > 1 ? IMMUTABLE : REVALIDATE;
}

const notFound = (reply: FastifyReply, method: string, url: string) => {
  const body: ErrorBody = {
    error: { code: 'route.not-found', message: `no route ${method} ${url.split('?')[0]}` },
  };
  return reply.code(404).send(body);
};

/**
 * The security headers helmet sets, found once at start by running its middleware against a recorder: they
 * depend on nothing in the request, and running helmet's dozen middlewares per request was a visible part
 * of making a game (two requests and two socket upgrades each).
 */
function helmetHeaders(): [name: string, value: string][] {
  const secure = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Transport security is the TLS proxy's to declare: this server speaks plain HTTP (often on a LAN).
    strictTransportSecurity: false,
    // frame-ancestors says it for current browsers; X-Frame-Options for old ones.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    // X-Powered-By: Node and fastify never set it.
    removeHeader: () => undefined,
  };
  let failed: unknown = null;
  secure(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (e?: unknown) => void (failed = e ?? null),
  );
  if (failed) throw failed;
  return headers;
}

/**
 * The security headers, on every response (the API's and a refused socket upgrade's too). An upgrade is
 * answered by the WebSocket library's own `101`, which carries none of them: they are set when a response
 * is sent (onSend) for upgrade requests, at once for the others (hijacked streams write their own head).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  const set = (res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (req.raw.headers.upgrade === undefined) set(reply.raw);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.raw.headers.upgrade !== undefined) set(reply.raw);
    done(null, payload);
  });
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(webDist)) {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          'Attila server is running, but the web app is not built.\n' +
            `Build it with:  npm run build:web   (it is then served from ${webDist})\n` +
            'The API is at /api/games and /api/tables, live play at /ws, health at /health.\n',
        ),
    );
    app.setNotFoundHandler((req, reply) => notFound(reply, req.method, req.url));
    return;
  }
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    threshold: 1024,
    // Quality 5: about as small as gzip -9 yet fast enough to run per request (the browser keeps the result).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    // Request bodies are never decompressed (a small upload must not become a large one).
    globalDecompression: false,
  });
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, path) => void reply.header('cache-control', cacheControlFor(relative(webDist, path))),
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/ws')) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return notFound(reply, req.method, req.url);
  });
}
