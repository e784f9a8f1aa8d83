import type { AccountEvent, EmailClaimEvent } from './accounts/events';
import type { BackfillEvent, BackfillRunnerEvent } from './backfill/events';
import type { CreditsEvent } from './credits/events';
import type { LookupProcessorEvent, LookupRequestEvent } from './lookups/events';
import type { WorkflowActionEvent } from './lookups/workflow-action';
import type { PortalEvent } from './portals/events';
import type { PrivacyEvent } from './privacy/events';
import type { RecordChangeEvent } from './record-history/events';
import type { SubscriptionEvent } from './subscriptions/events';

/** Every event the log holds. An event's type names its data: readers ask by type, never cast. */
export type LogEvent =
  | AccountEvent
  | EmailClaimEvent
  | BackfillEvent
  | BackfillRunnerEvent
  | CreditsEvent
  | LookupRequestEvent
  | LookupProcessorEvent
  | WorkflowActionEvent
  | PortalEvent
  | PrivacyEvent
  | RecordChangeEvent
  | SubscriptionEvent;

export type LogEventType = LogEvent['type'];

export type LogEventOf<T extends LogEventType> = Extract<LogEvent, { type: T }>;
