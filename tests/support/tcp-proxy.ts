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

export interface ProxyTarget {
  host: string;
  port: number;
}

/**
 * A load balancer in front of several servers, as a TCP (layer 4) balancer works: each new
 * connection goes to the next target in turn, and a target that refuses the connection (a
 * process that died) is passed over for the next one, so a client only notices a dead server in
 * the connections it already had open to it.
 */
export class RoundRobinProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private next = 0;
  /** Connections each target accepted, by `host:port`. */
  readonly accepted = new Map<string, number>();
  port = 0;

  constructor(private targets: readonly ProxyTarget[] = []) {}

  /** Replaces the servers new connections go to (connections already open stay where they are). */
  setTargets(targets: readonly ProxyTarget[]): void {
    this.targets = targets;
  }

  async start(): Promise<number> {
    this.server = net.createServer((client) => {
      this.track(client);
      client.pause();
      this.connect(client, 0);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
  }

  private connect(client: net.Socket, tried: number) {
    if (tried >= this.targets.length || client.destroyed) {
      client.destroy();
      return;
    }
    const target = this.targets[this.next++ % this.targets.length]!;
    const upstream = net.connect(target.port, target.host);
    const refused = () => this.connect(client, tried + 1);
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      const key = `${target.host}:${target.port}`;
      this.accepted.set(key, (this.accepted.get(key) ?? 0) + 1);
      this.track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.resume();
    });
  }
}
