import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy on a loopback port, in front of PostgreSQL or Redis, that tests and drills break on
 * purpose. `cut()` resets every open connection and stops listening (new connections are refused), as
 * when the server goes away; `restore()` listens again on the same port. `freeze()` keeps every
 * connection open and accepts new ones, but forwards nothing either way, as a server stopped with
 * SIGSTOP looks to its clients; what is sent meanwhile is held (`heldFromClients()` shows it) and
 * delivered by `thaw()`.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  freeze(): void;
  thaw(): void;
  /** The bytes clients sent since the freeze, not yet delivered. */
  heldFromClients(): Buffer;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function tcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<Pair>();
  let frozen = false;
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const newServer = () =>
    createServer((client) => {
      const upstream = tcpConnect(targetPort, targetHost);
      track(client);
      track(upstream);
      const pair: Pair = { client, upstream, toUpstream: [], toClient: [] };
      pairs.add(pair);
      client.on('data', (chunk: Buffer) => (frozen ? pair.toUpstream.push(chunk) : upstream.write(chunk)));
      upstream.on('data', (chunk: Buffer) => (frozen ? pair.toClient.push(chunk) : client.write(chunk)));
      client.once('close', () => {
        pairs.delete(pair);
        upstream.destroy();
      });
      upstream.once('close', () => client.destroy());
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  let server = newServer();
  const port = await listen(server, 0);
  const stop = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const s of sockets) s.resetAndDestroy();
    await closed;
  };
  return {
    port,
    cut: stop,
    async restore() {
      server = newServer();
      await listen(server, port);
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    heldFromClients: () => Buffer.concat([...pairs].flatMap((pair) => pair.toUpstream)),
    close: stop,
  };
}
