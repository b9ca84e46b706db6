/** HTTP from a chosen loopback address (127.0.0.2, ...): how tests act as several clients on one machine. */
import { request } from 'node:http';

export function from(localAddress: string) {
  const call = <T>(url: string, path: string, method: string, body?: unknown) =>
    new Promise<{ status: number; body: T }>((resolve, reject) => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        url + path,
        {
          method,
          localAddress,
          headers: text === undefined ? {} : { 'content-type': 'application/json' },
        },
        (res) => {
          let data = '';
          res.on('data', (d: Buffer) => (data += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) as T }));
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  return {
    post: <T = Record<string, unknown>>(url: string, path: string, body: unknown) =>
      call<T>(url, path, 'POST', body),
    get: <T = Record<string, unknown>>(url: string, path: string) => call<T>(url, path, 'GET'),
  };
}
