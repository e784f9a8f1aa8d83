import type { Metadata } from '@grpc/grpc-js';
import { accessDenied, notLeader, notReady } from './errors';
import type { LogView, TransactionLog } from './log';

export type Refusal = ReturnType<typeof notLeader>;

/**
 * What the node does with a request before serving it: the faults a test can switch on. A
 * stalled node takes requests and answers nothing until it resumes, then answers them all.
 */
export class Admission {
  private stall: { promise: Promise<void>; resume: () => void } | undefined;
  /** How many more leader-only requests are answered "not leader". */
  private followerRefusals = 0;
  notReady = false;
  accessDenied = false;
  /**
   * Records a follower's copy trails the leader's by; 0 is the leader. Reads that do not require
   * the leader see that much less; writes are forwarded to the leader and land as usual.
   */
  followerLag = 0;

  /** The log a read sees: the leader's for a read that requires it, else this node's own copy. */
  readView(call: { metadata: Metadata }, log: TransactionLog): LogView {
    const requiresLeader = call.metadata.get('requires-leader')[0] === 'true';
    return requiresLeader || this.followerLag === 0 ? log : log.lagging(this.followerLag);
  }

  constructor(private readonly leader: () => { host: string; port: number }) {}

  stallNow(): void {
    if (this.stall) return;
    let resume = () => undefined as void;
    const promise = new Promise<void>((resolve) => (resume = resolve));
    this.stall = { promise, resume };
  }

  resume(): void {
    this.stall?.resume();
    this.stall = undefined;
  }

  /** Answers the next `times` writes (and reads that require the leader) as a follower would. */
  refuseAsFollower(times: number): void {
    this.followerRefusals = times;
  }

  async stalled(): Promise<void> {
    while (this.stall) await this.stall.promise;
  }

  /** A node that lost leadership refuses writes and leader-only reads, naming the leader. */
  refuseWrite(): Refusal | undefined {
    if (this.followerRefusals <= 0) return undefined;
    this.followerRefusals--;
    const { host, port } = this.leader();
    return notLeader(host, port);
  }

  async admit(call: { metadata: Metadata }, { write }: { write: boolean }): Promise<Refusal | undefined> {
    await this.stalled();
    if (this.accessDenied) return accessDenied();
    if (this.notReady) return notReady();
    const requiresLeader = call.metadata.get('requires-leader')[0] === 'true';
    if (write || requiresLeader) return this.refuseWrite();
    return undefined;
  }
}
