/**
 * A TCP relay between the app and MariaDB that plays the network: `stop()` is a database that refuses
 * (connections reset), `pause()` one that stops answering (connections accepted, bytes held, nothing
 * refused: a hung server or a partition that drops packets), `resume()` lets the held bytes through.
 */
import net from 'node:net';

export class TcpRelay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private paused = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
      // After pipe(), which resumes its source.
      if (this.paused) for (const socket of [client, upstream]) socket.pause();
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Holds every byte both ways on open and new connections until resume(). */
  pause(): void {
    this.paused = true;
    for (const socket of this.sockets) socket.pause();
  }

  resume(): void {
    this.paused = false;
    for (const socket of this.sockets) socket.resume();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** A relay to the MySQL/MariaDB server of `url`, and `url` rewritten to go through it. */
export async function relayTo(url: string): Promise<{ relay: TcpRelay; url: string }> {
  const target = new URL(url);
  const relay = new TcpRelay(target.hostname, Number(target.port || 3306));
  await relay.start();
  const through = new URL(url);
  through.host = `127.0.0.1:${relay.port}`;
  return { relay, url: through.toString() };
}
