import net, { type AddressInfo } from 'node:net';

export interface TcpRelay {
  /** `127.0.0.1:<port>`: connections to it reach the target. */
  host: string;
  /** Takes the target off the network for whoever connects through the relay: open connections are cut, new ones refused. */
  cut(): Promise<void>;
}

/**
 * A loopback TCP relay to `target` (`host:port`): a service that a test can take down for the
 * processes that reach it through the relay, and for no one else.
 */
export async function startTcpRelay(target: string): Promise<TcpRelay> {
  const [targetHost, targetPort] = target.split(':') as [string, string];
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A connection cut at either end closes the other; its error is that cut.
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), targetHost);
    track(client);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
