import type { CreditsEvent } from '../../domain/credits/events';
import {
  isNothingToUpdate,
  lookupSourceOf,
  type LookupIgnoredReason,
  type LookupSource,
} from '../../domain/lookups/events';
import type { Logger } from '../logging/logger';
import { logForRequest } from '../logging/request-logging';
import type { LookupTarget, WriteResult } from './crm-writes';

/** The steps of one lookup as the log viewer's timeline shows them, in the order they happen. */
export type LookupStep = 'received' | 'ignored' | 'charged' | 'written' | 'recorded';

/** The step that ends a lookup's story: its outcome, or why it was not looked up. */
export const FINAL_LOOKUP_STEPS: readonly LookupStep[] = ['recorded', 'ignored'];

/** What a lookup's line says about it, whichever step it is. */
export interface LookupFacts {
  lookupId: string;
  portalId: string;
  objectType: string;
  objectId: string;
  zip: string;
  /** The webhook request that asked for it; a lookup asked for otherwise is a request of its own. */
  requestId: string | undefined;
  /** Absent: the webhook asked for it. */
  source?: LookupSource;
}

export const requestOf = (l: LookupFacts) => l.requestId ?? `lookup:${l.lookupId}`;

const facts = (l: LookupFacts, step: LookupStep) => ({
  sourceFile: 'api/lookups/journal.ts',
  sourceFunction: `${step === 'received' ? 'LookupJournal' : 'WaveJournal'}.${step}`,
  lookup: true,
  step,
  lookupId: l.lookupId,
  portalId: l.portalId,
  objectType: l.objectType,
  objectId: l.objectId,
  zip: l.zip,
  source: lookupSourceOf(l),
});

/** Who the admin sees on a lookup's lines: the portal owner's e-mail, found once per wave. */
export type EmailsOf = (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;

type Outcome = Extract<CreditsEvent, { type: 'LookupSucceeded' | 'LookupFailed' }>;
type Charged = Extract<CreditsEvent, { type: 'LookupCharged' }>;

/**
 * Writes each step of a lookup into the log of the request that asked for it, so the admin log
 * viewer tells one lookup end to end: received, charged, written to the CRM, recorded, each at
 * its time, with the user, the portal, the ZIP, the outcome or the reason, and the user's credits
 * before and after.
 */
export class LookupJournal {
  constructor(
    private readonly logger: Logger,
    private readonly emailsOf: EmailsOf,
  ) {}

  /** The webhook recorded the request (a redelivery is not a new lookup and is not told again). */
  received(l: LookupFacts): void {
    logForRequest(this.logger, requestOf(l), { lookup: true }).info(
      `Lookup received: ZIP ${l.zip} on ${l.objectType} ${l.objectId} in portal ${l.portalId}`,
      facts(l, 'received'),
    );
  }

  /** A wave's writer, with the e-mails of the wave's users looked up once. */
  async forWave(userIds: readonly string[]): Promise<WaveJournal> {
    const emails = userIds.length > 0 ? await this.emailsOf(userIds).catch(() => new Map()) : new Map();
    return new WaveJournal(this.logger, emails);
  }
}

export class WaveJournal {
  /** The balance before each lookup charged in this wave, for its recorded line. */
  private readonly before = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly emails: ReadonlyMap<string, string>,
  ) {}

  private log(l: LookupFacts, userId: string | undefined) {
    return logForRequest(this.logger, requestOf(l), {
      lookup: true,
      ...(userId ? { userId } : {}),
      ...(userId && this.emails.has(userId) ? { userEmail: this.emails.get(userId) } : {}),
    });
  }

  ignored(l: LookupFacts, reason: LookupIgnoredReason, detail: string): void {
    this.log(l, undefined).info(`Lookup ignored (${reason}): ${detail}`, {
      ...facts(l, 'ignored'),
      outcome: 'ignored',
      reason,
      detail,
    });
  }

  charged(l: LookupFacts, userId: string, event: Charged): void {
    const before = event.data.balanceAfter + event.data.credits;
    this.before.set(l.lookupId, before);
    this.log(l, userId).info(`Charged ${event.data.credits} credit for ZIP ${l.zip}`, {
      ...facts(l, 'charged'),
      userCreditsBefore: before,
      userCreditsAfter: event.data.balanceAfter,
    });
  }

  written({ write, outcome }: WriteResult<LookupTarget & LookupFacts>): void {
    const l = write.lookup;
    if (outcome.ok)
      this.log(l, write.userId).info(
        `Wrote ${Object.keys(outcome.filled).join(', ') || 'nothing'} to ${l.objectType} ${l.objectId} in the CRM`,
        { ...facts(l, 'written'), filled: outcome.filled },
      );
    else
      this.log(l, write.userId).warn(`The CRM write failed (${outcome.reason}): ${outcome.detail}`, {
        ...facts(l, 'written'),
        reason: outcome.reason,
        detail: outcome.detail,
      });
  }

  /** The outcome as recorded on the user's credits: success, nothing to update, or failure with its reason and refund. */
  recorded(l: LookupFacts, userId: string, event: Outcome): void {
    const after = event.data.balanceAfter;
    const refunded = event.type === 'LookupFailed' && event.data.refunded;
    // Charged by an earlier run: a success cost one credit, a refunded failure nothing.
    const before = this.before.get(l.lookupId) ?? (event.type === 'LookupSucceeded' ? after + 1 : after);
    const credits = { userCreditsBefore: before, userCreditsAfter: after };
    if (event.type === 'LookupSucceeded') {
      this.log(l, userId).info(
        `Lookup succeeded: ZIP ${l.zip} filled ${Object.keys(event.data.filled).join(', ')}`,
        { ...facts(l, 'recorded'), outcome: 'success', filled: event.data.filled, ...credits },
      );
      return;
    }
    const { reason, detail } = event.data;
    if (isNothingToUpdate(reason)) {
      this.log(l, userId).info(
        `Lookup had nothing to update: ${detail}${refunded ? '; the credit was refunded' : '; not charged'}`,
        { ...facts(l, 'recorded'), outcome: 'nothing_to_update', detail, refunded, ...credits },
      );
      return;
    }
    this.log(l, userId).warn(
      `Lookup failed (${reason}): ${detail}${refunded ? '; the credit was refunded' : '; not charged'}`,
      { ...facts(l, 'recorded'), outcome: 'failed', reason, detail, refunded, ...credits },
    );
  }
}
