import { userIdOfAccountStream } from '../../domain/accounts/decider';
import { DELETED_USER } from '../../domain/accounts/personal-data';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { eachEvent, type ReadModelTransaction } from '../projection';

function update(trx: ReadModelTransaction, event: RecordedEvent) {
  const userId = userIdOfAccountStream(event.streamName) ?? '';
  return trx.updateTable('accounts').where('user_id', '=', userId);
}

/** One row per account: who they are, how they joined, admin status and notification choices. */
export const accountsProjection = eachEvent({
  name: 'accounts',
  tables: ['accounts'],
  handlers: {
    AccountRegistered: async (trx, event) => {
      const d = event.data;
      await trx
        .insertInto('accounts')
        .values({
          user_id: d.userId,
          email: d.email,
          created_at: d.registeredAt,
          partner: d.partner,
          is_admin: false,
          credit_threshold: null,
          notifications_unsubscribed: false,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },
    AdminGranted: async (trx, event) => {
      await update(trx, event).set({ is_admin: true }).execute();
    },
    CreditThresholdSet: async (trx, event) => {
      const d = event.data;
      await update(trx, event)
        .set(
          d.threshold === null
            ? { credit_threshold: null }
            : { credit_threshold: d.threshold, notifications_unsubscribed: false },
        )
        .execute();
    },
    // Unsubscribing turns the threshold off: the admin's credit alerts stop listing the user.
    CreditNotificationsUnsubscribed: async (trx, event) => {
      await update(trx, event).set({ notifications_unsubscribed: true, credit_threshold: null }).execute();
    },
    // The row stays, so the admin still sees the account's totals, under no one's name.
    AccountDeleted: async (trx, event) => {
      await update(trx, event).set({ email: DELETED_USER, deleted: true }).execute();
    },
  },
});
