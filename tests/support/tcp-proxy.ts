import net from 'node:net';

/** A TCP relay on 127.0.0.1 that a test can cut and restore, to take a server away mid-run. */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private frozen = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      // Data is relayed by hand rather than piped so that a frozen proxy can drop it.
      client.on('data', (d: Buffer) => this.frozen || upstream.write(d));
      upstream.on('data', (d: Buffer) => this.frozen || client.write(d));
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /**
   * A silent partition: every connection stays open and nothing crosses it, so neither side
   * hears of a close, as when a network drops packets rather than refusing them.
   */
  freeze(): void {
    this.frozen = true;
  }

  async restore(): Promise<void> {
    this.frozen = false;
    await this.start();
  }
}
