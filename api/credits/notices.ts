import { accountStream, userIdOfAccountStream } from '../../domain/accounts/decider';
import type { AccountEvent } from '../../domain/accounts/events';
import { creditsStream } from '../../domain/credits/decider';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { userIdOfCreditsStream } from '../../projections/credits/projection';
import type { AccountHandler } from '../accounts/handler';
import type { CreditsHandler } from './handler';
import { newToken, tokenDigest } from '../auth/tokens';
import type { OperationalDb } from '../db/operational';
import type { Reaction } from '../eventsourcing/reactor';
import { enqueueMail } from '../mail/outbox';

export interface CreditNoticeDeps {
  accounts: AccountHandler;
  credits: CreditsHandler;
  operational: OperationalDb;
  now: () => Date;
  publicUrl: string;
  /** Called after a notice was queued (wakes the mail dispatcher). */
  queued?: () => void;
}

/** Users observed at the same time; each observation is two short reads and rarely an append. */
const OBSERVED_AT_ONCE = 8;

type NoticeData = Extract<AccountEvent, { type: 'LowCreditNoticeSent' }>['data'];

/**
 * Credit notifications. Every change of a balance is shown to the account, which decides
 * (LowCreditNoticeSent) when it falls below the threshold; each such decision queues one e-mail
 * with an unsubscribe link. The account judges the current balance, so a replay of old events
 * cannot send notices about balances long gone.
 */
export function creditNotices(deps: CreditNoticeDeps): Reaction {
  const observe = async (event: RecordedEvent) => {
    const userId = userIdOfCreditsStream(event.streamName);
    if (!userId) return;
    const { state } = await deps.credits.load(creditsStream(userId));
    await deps.accounts.handle(
      accountStream(userId),
      { type: 'ObserveBalance', balance: state.balance, at: deps.now().toISOString() },
      { commandId: `observe-balance:${event.id}`, metadata: { userId, causationId: event.id } },
    );
  };
  const sendNotice = async (event: RecordedEvent) => {
    const userId = userIdOfAccountStream(event.streamName);
    if (!userId) return;
    const { state } = await deps.accounts.load(accountStream(userId));
    if (state.status !== 'registered') return;
    const notice = event.data as NoticeData;
    const token = newToken();
    const now = deps.now();
    const queued = await deps.operational.transaction().execute(async (trx) => {
      const inserted = await enqueueMail(
        trx,
        {
          to: state.email,
          subject: `Your ZipFill credits are below ${notice.threshold}`,
          body:
            `Your ZipFill balance is ${notice.balance} credits, below the ${notice.threshold} you asked us to watch.\n\n` +
            `Get more credits: ${deps.publicUrl}/credits\n\n` +
            `We send this once each time the balance falls below your threshold.\n` +
            `Stop these e-mails (the link works for 90 days): ${deps.publicUrl}/unsubscribe/${token}\n`,
        },
        now,
        event.id,
      );
      if (inserted) {
        await trx
          .insertInto('unsubscribe_tokens')
          .values({ id: tokenDigest(token), user_id: userId, created_at: now })
          .execute();
      }
      return inserted;
    });
    if (queued) deps.queued?.();
  };
  const handlers: Reaction['handlers'] = {
    CreditsAdded: observe,
    LookupCharged: observe,
    LookupSucceeded: observe,
    LookupFailed: observe,
    LowCreditNoticeSent: sendNotice,
  };
  return {
    name: 'credit-notices',
    handlers,
    // The account judges the balance as it is now, so a user whose balance changed several times
    // in a batch is shown it once, after the last change: a busy user costs one observation a
    // batch instead of one per lookup step.
    async handleBatch(events) {
      const lastChange = new Map<string, RecordedEvent>();
      for (const event of events) {
        if (event.type === 'LowCreditNoticeSent') continue;
        const userId = userIdOfCreditsStream(event.streamName);
        if (userId) lastChange.set(userId, event);
      }
      const changes = [...lastChange.values()];
      for (let i = 0; i < changes.length; i += OBSERVED_AT_ONCE)
        await Promise.all(changes.slice(i, i + OBSERVED_AT_ONCE).map(observe));
      for (const event of events) if (event.type === 'LowCreditNoticeSent') await sendNotice(event);
    },
  };
}
