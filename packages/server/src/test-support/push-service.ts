/**
 * A push service run by a test, speaking the Web Push protocol as browsers' push services do (RFC 8030):
 * HTTPS (a certificate made for 127.0.0.1 by `openssl`), one endpoint per subscription, each request's
 * VAPID authorization verified (RFC 8292: an ES256 JWT for this origin, signed by the key it names) and its
 * aes128gcm payload decrypted with the subscription's private key (RFC 8291), independently of the
 * server's library. A subscription can be made to answer 410 Gone, as a push service does once the
 * browser unsubscribed. Every request is kept, its plaintext too.
 */
import { execFileSync } from 'node:child_process';
import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PushedMessage {
  readonly subscription: string;
  readonly status: number;
  /** The decrypted payload (null when the request was refused before). */
  readonly text: string | null;
  /** Why it was refused, if it was. */
  readonly refusal: string | null;
  readonly headers: Record<string, string | undefined>;
  /** The JWT's claims. */
  readonly claims: { aud?: string; exp?: number; sub?: string } | null;
  /** The VAPID public key the request named (`k=`). */
  readonly vapidKey: string | null;
}

export interface TestSubscription {
  readonly id: string;
  /** As `PushSubscription.toJSON()` gives it. */
  readonly json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

const b64 = (b: Buffer) => b.toString('base64url');

/** A certificate and key for 127.0.0.1, valid for a day: the push service's, and the CA the server trusts. */
export function localCertificate(): { cert: string; key: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'attila-push-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}

/** RFC 8291 §3: the message's plaintext from the receiver's key pair and auth secret (or why not). */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65)
    throw new Error(`the key id is the sender's 65-byte public key, not ${idLength} bytes`);
  if (ciphertext.length > recordSize) throw new Error('a Web Push message is a single record');
  const shared = receiver.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then any padding of zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`, the JWT signed (ES256) by that key, for this origin, unexpired. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { claims: PushedMessage['claims']; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`Authorization must be "vapid t=..., k=...", not ${JSON.stringify(header)}`);
  const [, jwt, key] = m;
  const [head, payload, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with the key k');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header0.alg !== 'ES256') throw new Error(`the JWT must be ES256, not ${header0.alg}`);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as NonNullable<
    PushedMessage['claims']
  >;
  if (claims.aud !== origin) throw new Error(`the JWT audience must be ${origin}, not ${claims.aud}`);
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600)
    throw new Error('the JWT must expire within 24 hours');
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error('the JWT needs a mailto: or https: sub');
  return { claims, key };
}

export class LocalPushService {
  readonly messages: PushedMessage[] = [];
  private readonly receivers = new Map<string, { ecdh: ECDH; auth: Buffer; gone: boolean }>();
  private readonly waiters: (() => void)[] = [];
  private gate: Promise<void> | null = null;
  /** Called with each decrypted message (the browser test hands it to the service worker). */
  onMessage: ((subscription: string, text: string) => Promise<void> | void) | null = null;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(tls: { cert: string; key: string }): Promise<LocalPushService> {
    const made: { service?: LocalPushService } = {};
    const server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void made
          .service!.receive(req.url ?? '', req.method ?? '', req.headers, Buffer.concat(chunks))
          .then((status) => {
            res.writeHead(status).end();
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    made.service = new LocalPushService(server, `https://127.0.0.1:${port}`);
    return made.service;
  }

  /** A new subscription: a receiver key pair and auth secret, as a browser makes them. */
  subscribe(): TestSubscription {
    const id = b64(randomBytes(9));
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.receivers.set(id, { ecdh, auth, gone: false });
    return {
      id,
      json: {
        endpoint: `${this.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      },
    };
  }

  /** Answers no request until the returned function is called (a slow push service). */
  hold(): () => void {
    let open = () => {};
    this.gate = new Promise((resolve) => (open = resolve));
    return () => {
      this.gate = null;
      open();
    };
  }

  /** From now on the subscription answers 410 Gone (the browser dropped it). */
  drop(id: string): void {
    this.receivers.get(id)!.gone = true;
  }

  delivered(id: string): string[] {
    return this.messages.filter((m) => m.subscription === id && m.status === 201).map((m) => m.text!);
  }

  /** Resolves once `count` messages in all have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} push messages, got ${this.messages.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  private async receive(
    url: string,
    method: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Promise<number> {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';
    const receiver = this.receivers.get(id);
    const h = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const kept = {
      ttl: h('ttl'),
      urgency: h('urgency'),
      topic: h('topic'),
      'content-encoding': h('content-encoding'),
    };
    const refuse = (status: number, refusal: string) => {
      this.record({
        subscription: id,
        status,
        text: null,
        refusal,
        headers: kept,
        claims: null,
        vapidKey: null,
      });
      return status;
    };
    if (method !== 'POST') return refuse(405, 'push messages are POSTed');
    if (!receiver) return refuse(404, 'no such subscription');
    if (receiver.gone) return refuse(410, 'the subscription is gone');
    if (h('content-encoding') !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    if (h('ttl') === undefined) return refuse(400, 'a TTL header is required');
    let vapid: ReturnType<typeof checkVapid>;
    try {
      vapid = checkVapid(h('authorization'), this.origin);
    } catch (e) {
      return refuse(403, (e as Error).message);
    }
    let text: string;
    try {
      text = decryptAes128gcm(body, receiver.ecdh, receiver.auth);
    } catch (e) {
      return refuse(400, `the payload does not decrypt: ${(e as Error).message}`);
    }
    this.record({
      subscription: id,
      status: 201,
      text,
      refusal: null,
      headers: kept,
      claims: vapid.claims,
      vapidKey: vapid.key,
    });
    await this.onMessage?.(id, text);
    await this.gate;
    return 201;
  }

  private record(m: PushedMessage): void {
    this.messages.push(m);
    for (const w of this.waiters.splice(0)) w();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
