/** A real WebSocket client for the tests: collects every message, and waits for the one a test expects. */
import WebSocket from 'ws';
import type { ServerMessage } from '@attila/protocol';

type Of<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

function isOf<T extends ServerMessage['type']>(m: ServerMessage, type: T): m is Of<T> {
  return m.type === type;
}

export class TestClient {
  readonly received: ServerMessage[] = [];
  readonly raw: string[] = [];
  /** Each takes the message it waits for (true) or leaves it (false). */
  private waiters: ((m: ServerMessage) => boolean)[] = [];
  private cursor = 0;
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const m = JSON.parse(text) as ServerMessage;
      this.received.push(m);
      this.waiters = this.waiters.filter((take) => !take(m));
    });
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** `cookie`: the request's Cookie header (a signed-in page's session), none by default. */
  static connect(url: string, cookie?: string): Promise<TestClient> {
    return TestClient.connectWith(url, cookie === undefined ? {} : { headers: { cookie } });
  }

  /** With the socket's own options (a CA to trust over `wss:`, an Origin header as a browser sends). */
  static async connectWith(url: string, options: WebSocket.ClientOptions): Promise<TestClient> {
    const socket = new WebSocket(url.replace(/^http/, 'ws') + '/ws', options);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message (after those already taken) that matches, waiting up to `ms`. */
  next<T extends ServerMessage['type']>(
    type: T,
    pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    ms = 15_000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const match = (m: ServerMessage): m is Of<T> => isOf(m, type) && pred(m);
    for (; this.cursor < this.received.length; this.cursor++) {
      const m = this.received[this.cursor];
      if (match(m)) {
        this.cursor++;
        return Promise.resolve(m);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no "${type}" message within ${ms} ms; last: ${this.raw
                .slice(-3)
                .map((t) => t.slice(0, 300))
                .join(' | ')}`,
            ),
          ),
        ms,
      );
      this.waiters.push((m) => {
        if (!match(m)) return false;
        clearTimeout(timer);
        this.cursor = this.received.length;
        resolve(m);
        return true;
      });
    });
  }

  /** The welcome this client got (after `hello`). */
  welcome(): Extract<ServerMessage, { type: 'welcome' }> {
    const w = this.received.find((m) => isOf(m, 'welcome'));
    if (!w) throw new Error('no welcome yet');
    return w;
  }

  close(): void {
    this.socket.close();
  }
}
