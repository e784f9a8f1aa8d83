import { creditsStream, type CreditsCommand } from '../../domain/credits/decider';
import {
  WrongExpectedVersionError,
  type EventMetadata,
  type EventStore,
} from '../../domain/eventstore/types';
import { lookupStream, type LookupRef } from '../../domain/lookups/events';
import {
  planWorkflowLookup,
  workflowLookupIdOf,
  workflowOutputs,
  type WorkflowActionEvent,
  type WorkflowOutputs,
  type WorkflowSettlement,
} from '../../domain/lookups/workflow-action';
import { lastWrittenValues } from '../../projections/writes/queries';
import { writeToCrm } from '../lookups/crm-writes';
import { answeredEventId, chargeCommandId, outcomeCommandId } from '../lookups/ids';
import type { LookupJournal, WaveJournal } from '../lookups/journal';
import type { LookupDeps } from '../lookups/wave';

export interface WorkflowActionDeps extends LookupDeps {
  journal?: LookupJournal;
}

/** One execution of the action, as the signed request names it. */
export interface WorkflowExecution {
  callbackId: string;
  portalId: string;
  objectType: 'contact' | 'company';
  objectId: string;
  zip: string;
  writeMappedProperties: boolean;
  /** This HTTP request's id: the lookup's steps are told in its log. */
  requestId: string | undefined;
}

/** The lookup as the journal, the CRM writer and the credits stream know it. */
type WorkflowLookup = LookupRef & { source: 'workflow'; requestId: string | undefined };

type Answered = WorkflowActionEvent['data'];

const metadataOf = (l: WorkflowLookup, userId?: string): EventMetadata => ({
  correlationId: l.lookupId,
  ...(l.requestId ? { requestId: l.requestId } : {}),
  ...(userId ? { userId } : {}),
});

const refOf = ({ requestId: _requestId, ...ref }: WorkflowLookup): LookupRef => ref;

/**
 * Runs one execution end to end, in the request: plans it with the domain's rules, charges the
 * portal's owner on their credits stream, writes the mapped properties if asked, keeps the answer
 * on the lookup's own stream and records the outcome. Every step has an id of its own derived
 * from the callbackId, so a retry of the execution is charged nothing more: it finishes what an
 * interrupted attempt left, or hears the answer already given.
 */
export async function runWorkflowAction(
  deps: WorkflowActionDeps,
  execution: WorkflowExecution,
): Promise<WorkflowOutputs> {
  const lookupId = workflowLookupIdOf(execution.portalId, execution.callbackId);
  const earlier = await answerOf(deps.store, lookupId);
  if (earlier) return (await settle(deps, earlier, execution.requestId)).outputs;

  const lookup: WorkflowLookup = {
    lookupId,
    source: 'workflow',
    portalId: execution.portalId,
    objectType: execution.objectType,
    objectId: execution.objectId,
    zip: execution.zip,
    requestedAt: deps.now().toISOString(),
    zipDataVersion: deps.zipTable.version,
    requestId: execution.requestId,
  };
  deps.journal?.received(lookup);
  const route = await deps.portals.route(execution.portalId);
  const plan = planWorkflowLookup(
    { ...lookup, propertyName: null, occurredAt: Date.parse(lookup.requestedAt), seq: 0n },
    route,
    execution.writeMappedProperties,
    (code) => deps.zipTable.resolve(code),
  );
  const journal = await deps.journal?.forWave(plan.kind === 'ignore' ? [] : [plan.userId]);
  const answer = (outputs: WorkflowOutputs, settlement: WorkflowSettlement, userId?: string) =>
    keep(deps, lookup, execution.callbackId, outputs, settlement, userId, journal);

  switch (plan.kind) {
    case 'ignore':
      journal?.ignored(lookup, plan.reason, plan.detail);
      return answer(workflowOutputs(null, plan.reason), { kind: 'none' });
    case 'fail':
      return answer(
        workflowOutputs(null, plan.reason),
        { kind: 'failed', reason: plan.reason, detail: plan.detail },
        plan.userId,
      );
    case 'charge':
      break;
  }

  const { userId } = plan;
  const { state, outcomes } = await deps.credits.handleEach(creditsStream(userId), [
    {
      command: { type: 'ChargeLookup', lookup: refOf(lookup), at: lookup.requestedAt },
      commandId: chargeCommandId(lookupId),
      metadata: metadataOf(lookup, userId),
    },
  ]);
  const decided = outcomes[0]?.ok ? outcomes[0].events : [];
  if (!state.inFlight.has(lookupId)) {
    // Refused for want of credits, now or by an earlier attempt; or another attempt charged and
    // finished it meanwhile, and kept its answer before recording the outcome.
    const refused = decided.find((e) => e.type === 'LookupFailed');
    if (refused) journal?.recorded(lookup, userId, refused);
    const finished = refused ? undefined : await answerOf(deps.store, lookupId);
    if (finished) return (await settle(deps, finished, execution.requestId)).outputs;
    return answer(workflowOutputs(null, 'insufficient_credits'), { kind: 'none' }, userId);
  }
  const charged = decided.find((e) => e.type === 'LookupCharged');
  if (charged) journal?.charged(lookup, userId, charged);

  let settlement: WorkflowSettlement = { kind: 'succeeded', filled: {}, before: {} };
  if (plan.writes.length > 0) {
    const [result] = await writeToCrm(
      deps.crm,
      [{ lookup, userId, route: plan.portal, writes: plan.writes, acceptedCities: plan.acceptedCities }],
      (portalId, objectType, ids) => lastWrittenValues(deps, portalId, objectType, ids),
    );
    if (result) {
      journal?.written(result);
      settlement = result.outcome.ok
        ? { kind: 'succeeded', filled: result.outcome.filled, before: result.outcome.before }
        : { kind: 'failed', reason: result.outcome.reason, detail: result.outcome.detail };
    }
  }
  const outcome = settlement.kind === 'failed' ? settlement.reason : 'filled';
  return answer(workflowOutputs(plan.location, outcome), settlement, userId);
}

/** The answer an earlier attempt of the execution kept, if one did. */
async function answerOf(store: EventStore, lookupId: string): Promise<Answered | undefined> {
  const events = await store.readStream(lookupStream(lookupId));
  const answered = events.find((e) => e.type === 'WorkflowActionAnswered');
  return answered ? (answered.data as Answered) : undefined;
}

/**
 * Keeps the answer before the outcome is recorded, so a retry after a crash in between still
 * knows both; if another attempt kept one first, theirs is the answer.
 */
async function keep(
  deps: WorkflowActionDeps,
  lookup: WorkflowLookup,
  callbackId: string,
  outputs: WorkflowOutputs,
  settlement: WorkflowSettlement,
  userId: string | undefined,
  journal: WaveJournal | undefined,
): Promise<WorkflowOutputs> {
  const event: WorkflowActionEvent = {
    type: 'WorkflowActionAnswered',
    data: {
      lookupId: lookup.lookupId,
      portalId: lookup.portalId,
      callbackId,
      objectType: lookup.objectType,
      objectId: lookup.objectId,
      zip: lookup.zip,
      requestedAt: lookup.requestedAt,
      ...(userId ? { userId } : {}),
      outputs,
      settlement,
      at: deps.now().toISOString(),
    },
  };
  let kept = event.data;
  try {
    await deps.store.append(
      lookupStream(lookup.lookupId),
      [{ id: answeredEventId(lookup.lookupId), ...event, metadata: metadataOf(lookup, userId) }],
      { expected: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    kept = (await answerOf(deps.store, lookup.lookupId)) ?? kept;
  }
  return (await settle(deps, kept, lookup.requestId, journal)).outputs;
}

/**
 * Records a kept answer's outcome on the payer's credits. Its command id is the lookup's outcome
 * id, so when an earlier attempt recorded it already, nothing more is written.
 */
async function settle(
  deps: WorkflowActionDeps,
  answered: Answered,
  requestId: string | undefined,
  journal?: WaveJournal,
): Promise<Answered> {
  const { settlement, userId } = answered;
  if (settlement.kind === 'none' || !userId) return answered;
  const lookup: WorkflowLookup = {
    lookupId: answered.lookupId,
    source: 'workflow',
    portalId: answered.portalId,
    objectType: answered.objectType,
    objectId: answered.objectId,
    zip: answered.zip,
    requestedAt: answered.requestedAt,
    requestId,
  };
  const at = deps.now().toISOString();
  const command: CreditsCommand =
    settlement.kind === 'succeeded'
      ? {
          type: 'CompleteLookup',
          lookup: refOf(lookup),
          filled: settlement.filled,
          before: settlement.before ?? {},
          at,
        }
      : {
          type: 'FailLookup',
          lookup: refOf(lookup),
          reason: settlement.reason,
          detail: settlement.detail,
          at,
        };
  // A success recorded before is refused as "not charged": that refusal is the sign it is done.
  const { outcomes } = await deps.credits.handleEach(creditsStream(userId), [
    { command, commandId: outcomeCommandId(lookup.lookupId), metadata: metadataOf(lookup, userId) },
  ]);
  const outcome = outcomes[0];
  for (const event of outcome?.ok ? outcome.events : [])
    if (event.type === 'LookupSucceeded' || event.type === 'LookupFailed')
      journal?.recorded(lookup, userId, event);
  return answered;
}
