import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP reverse proxy on a loopback port, as Caddy or nginx in front of the service: it appends
 * the address of whoever connected to X-Forwarded-For (after whatever the client sent) and sends no
 * X-Forwarded-Proto, as a TLS-ending proxy that forgets it would.
 */
export async function forwardingProxy(targetPort: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const sent = incoming.headers['x-forwarded-for'];
    const peer = incoming.socket.remoteAddress ?? '';
    const headers: IncomingHttpHeaders = {
      ...incoming.headers,
      'x-forwarded-for': sent ? `${sent}, ${peer}` : peer,
    };
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request from a chosen loopback address (127.0.0.x: each a different client to the proxy). */
export function sendFrom(
  localAddress: string,
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.body !== undefined
            ? {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(Buffer.byteLength(options.body)),
              }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
