import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { Server } from '@grpc/grpc-js';
import { Admission } from './admission';
import { handleAppend, handleBatchAppend } from './appends';
import { TransactionLog } from './log';
import { grpc, serverFeaturesGrpc, serverFeaturesPb, streamsGrpc } from './protocol';
import { handleRead } from './reads';
import { WritePolicy } from './write-policy';

/** The server version the stand-in reports: the one docker-compose.yml runs. */
const SERVER_VERSION = '26.1.1';

/**
 * What GetSupportedMethods lists for the methods the stand-in serves, with the features a real
 * node attaches to them (KurrentDB `ServerFeatures.cs`: Read has "position" and "events",
 * BatchAppend "deadline_duration"). The client picks BatchAppend for appends because it is listed.
 */
const SUPPORTED = [
  { service: 'event_store.client.streams.streams', method: 'read', features: ['position', 'events'] },
  { service: 'event_store.client.streams.streams', method: 'append', features: [] },
  { service: 'event_store.client.streams.streams', method: 'batchappend', features: ['deadline_duration'] },
  {
    service: 'event_store.client.server_features.serverfeatures',
    method: 'getsupportedmethods',
    features: [],
  },
];

/**
 * Records a fresh node writes before any client does. They make $all start past zero and show
 * that readers skip KurrentDB's own events.
 */
function seedSystemEvents(log: TransactionLog): void {
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const none = new Uint8Array();
  const system = (type: string, data: unknown) => ({
    id: randomUUID(),
    type,
    contentType: 'application/json',
    data: json(data),
    customMetadata: none,
  });
  log.append(
    '$settings',
    [system('update-default-acl', { $userStreamAcl: {}, $systemStreamAcl: {} })],
    'any',
  );
  log.append('$stats-127.0.0.1:2113', [system('$statsCollected', { 'proc-id': 1 })], 'any');
}

/**
 * A KurrentDB node for tests, speaking the client's gRPC protocol on 127.0.0.1 (insecure, as
 * `KURRENTDB_INSECURE` runs it). A test can cut its connections, and the node can be told to
 * stall, refuse as a follower, serve lagging reads as one, report itself not ready, deny access,
 * fail over (forgetting recent event ids), and take writes under other limits, replication time,
 * clock or lost answers (`writes`).
 *
 * Not modelled, because ZipFill never does them: soft deletes, `$maxCount`/`$maxAge`/`$tb`
 * stream metadata (the product never deletes or truncates a stream; an operator who did would be
 * seen by the adapter as events missing from a stream's start, which the contract does not cover).
 */
export class KurrentDbStandIn {
  /** The node's limits and write timing, the server's defaults until a test sets them. */
  readonly writes = new WritePolicy();
  readonly log = new TransactionLog(() => this.writes.now(), 0n);
  private readonly admission: Admission;
  private readonly connections = new Set<net.Socket>();
  private grpcServer: Server | undefined;
  private listener: net.Server | undefined;
  port = 0;

  private constructor() {
    this.admission = new Admission(() => ({ host: '127.0.0.1', port: this.port }));
  }

  /** Starts a node with an empty log (besides the node's own events) on a free port. */
  static async start(): Promise<KurrentDbStandIn> {
    const node = new KurrentDbStandIn();
    seedSystemEvents(node.log);
    await node.listen();
    return node;
  }

  /** The connection string the app takes as EVENTSTORE_URL. */
  get url(): string {
    return `kurrentdb://127.0.0.1:${this.port}?tls=false`;
  }

  private async listen(): Promise<void> {
    const server = new grpc.Server();
    server.addService(serverFeaturesGrpc.ServerFeaturesService, {
      getSupportedMethods: (
        _call: unknown,
        callback: (error: null, value: InstanceType<typeof serverFeaturesPb.SupportedMethods>) => void,
      ) => {
        const methods = new serverFeaturesPb.SupportedMethods();
        methods.setEventStoreServerVersion(SERVER_VERSION);
        for (const { service, method, features } of SUPPORTED) {
          const supported = new serverFeaturesPb.SupportedMethod();
          supported.setServiceName(service);
          supported.setMethodName(method);
          supported.setFeaturesList(features);
          methods.addMethods(supported);
        }
        void this.admission.stalled().then(() => callback(null, methods));
      },
    });
    server.addService(streamsGrpc.StreamsService, {
      read: (call: Parameters<typeof handleRead>[0]) => void handleRead(call, this.log, this.admission),
      append: (call: Parameters<typeof handleAppend>[0], callback: Parameters<typeof handleAppend>[1]) =>
        handleAppend(call, callback, this.log, this.admission),
      batchAppend: (call: Parameters<typeof handleBatchAppend>[0]) =>
        handleBatchAppend(call, this.log, this.admission, this.writes),
    });
    this.grpcServer = server;
    // The node accepts its own connections and hands them to gRPC, so a test can cut them.
    const injector = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
    const listener = net.createServer((socket) => {
      // HTTP/2 frames are small: without this, Nagle's algorithm holds answers back ~40 ms.
      socket.setNoDelay(true);
      this.connections.add(socket);
      socket.on('close', () => this.connections.delete(socket));
      socket.on('error', () => undefined);
      injector.injectConnection(socket);
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    this.port = (listener.address() as net.AddressInfo).port;
    this.listener = listener;
  }

  /** Cuts every open connection, as a crashed node or a lost network would; new ones get through. */
  dropConnections(): void {
    for (const socket of this.connections) socket.destroy();
  }

  /** Takes requests and answers none of them until `resume`. */
  stall(): void {
    this.admission.stallNow();
  }

  resume(): void {
    this.admission.resume();
  }

  /** Answers the next `times` writes (and leader-only reads) "not leader", naming itself as the leader. */
  answerNotLeader(times: number): void {
    this.admission.refuseAsFollower(times);
  }

  /** Answers every request "Server Is Not Ready" (UNAVAILABLE) until switched off. */
  notReady(on: boolean): void {
    this.admission.notReady = on;
  }

  /** Denies every request, as a node whose ACLs exclude the connecting user does. */
  denyAccess(on: boolean): void {
    this.admission.accessDenied = on;
  }

  /**
   * Serves reads that do not require the leader as a follower `behind` records behind the leader
   * would (0: as the leader); writes are forwarded and land as usual.
   */
  lagAsFollower(behind: number): void {
    this.admission.followerLag = behind;
  }

  /** Forgets the event ids of earlier writes, as a restart or a failover to another node does. */
  failover(): void {
    this.log.forgetIdCache();
  }

  /** Hard-deletes a stream, as an operator's tombstone does. */
  tombstone(stream: string): void {
    this.log.tombstone(stream);
  }

  async close(): Promise<void> {
    this.resume();
    this.dropConnections();
    await new Promise<void>((resolve) => (this.listener ? this.listener.close(() => resolve()) : resolve()));
    this.grpcServer?.forceShutdown();
  }
}
