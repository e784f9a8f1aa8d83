import { accountStream, userIdOfAccountStream } from '../../domain/accounts/decider';
import type { AccountEvent } from '../../domain/accounts/events';
import { creditsStream } from '../../domain/credits/decider';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { userIdOfCreditsStream } from '../../projections/credits/projection';
import type { AccountHandler, CreditsHandler } from '../accounts/services';
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
  return {
    name: 'credit-notices',
    handlers: {
      CreditsAdded: observe,
      LookupCharged: observe,
      LookupSucceeded: observe,
      LookupFailed: observe,
      LowCreditNoticeSent: async (event) => {
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
                `Stop these e-mails: ${deps.publicUrl}/unsubscribe/${token}\n`,
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
      },
    },
  };
}
