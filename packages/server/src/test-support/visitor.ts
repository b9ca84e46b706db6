import { request } from 'node:http';

/**
 * A browser as the server sees it, over real HTTP: keeps the cookies it is given (as a browser would:
 * by name, replaced, removed when expired) and sends them back, with the web app's CSRF header and
 * its page's Origin on every change unless told otherwise.
 */
export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface SendOptions {
  /** Leave out the CSRF header. */
  readonly noCsrf?: boolean;
  /** The Origin sent (default the server's own); null: none. */
  readonly origin?: string | null;
  readonly cookie?: string;
}

export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly url: string,
    readonly userAgent = 'test visitor',
    /** The loopback address it connects from (127.0.0.2, ...): another client address to the server. */
    readonly localAddress?: string,
  ) {}

  /** Moves the visitor (its cookies along) to another address: a known device on another network. */
  at(localAddress: string): Visitor {
    const moved = new Visitor(this.url, this.userAgent, localAddress);
    for (const [k, v] of this.cookies) moved.cookies.set(k, v);
    return moved;
  }

  private async fetchFrom(
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; headers: Headers; text: string }> {
    if (this.localAddress === undefined) {
      const res = await fetch(this.url + path, init);
      return { status: res.status, headers: res.headers, text: await res.text() };
    }
    return new Promise((resolve, reject) => {
      const req = request(
        this.url + path,
        { method: init.method, headers: init.headers, localAddress: this.localAddress },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
            resolve({ status: res.statusCode ?? 0, headers, text });
          });
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const gone = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async send<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    o: SendOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent };
    const cookie = o.cookie ?? this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') {
      if (!o.noCsrf) headers['x-attila-csrf'] = '1';
      const origin = o.origin === undefined ? new URL(this.url).origin : o.origin;
      if (origin !== null) headers.origin = origin;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.fetchFrom(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res.headers);
    const text = res.text;
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.send<T>('GET', path);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}, o: SendOptions = {}) {
    return this.send<T>('POST', path, body, o);
  }
}
