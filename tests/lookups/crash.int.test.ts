import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateEventStore } from '../../api/adapters/eventstore/postgres/schema';
import { PostgresEventStore } from '../../api/adapters/eventstore/postgres/store';
import { creditsStream } from '../../domain/credits/decider';
import type { RecordedEvent } from '../../domain/eventstore/types';
import { CrmStandIn } from '../support/crm-stand-in';
import { crashTargets } from '../support/crash-targets';
import { deliver, zipChange } from '../support/hubspot-webhook';
import { freshPortalId } from '../support/portals';
import { foldBalance, waitUntil } from './helpers';
import { programArgs } from '../support/child-programs';

interface Child {
  process: ChildProcess;
  baseUrl: string;
}

/** Starts the service in a child process; resolves when it listens. */
function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, programArgs('lookupChild'), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const port = /port (\d+)/.exec(d.toString())?.[1];
      if (port) resolve({ process: child, baseUrl: `http://127.0.0.1:${port}` });
    });
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
}

const printed = (child: Child, word: string) =>
  new Promise<void>((resolve) =>
    child.process.stdout!.on('data', (d: Buffer) => d.toString().includes(word) && resolve()),
  );

async function kill(child: Child, signal: NodeJS.Signals = 'SIGKILL') {
  const exited = new Promise((r) => child.process.once('exit', r));
  child.process.kill(signal);
  await exited;
}

const targets = crashTargets('zipfill-lookup-crash-');

describe('the service killed with lookups in progress', () => {
  let crm: CrmStandIn;
  beforeAll(async () => {
    crm = await new CrmStandIn().start();
  });
  afterAll(async () => crm?.close());

  it.each(targets)(
    'ends every request with exactly one outcome after restarts on %s',
    async (_name, makeTarget) => {
      const target = await makeTarget();
      const userId = `crash-${Math.random().toString(16).slice(2)}`;
      const portalId = freshPortalId();
      const env = {
        ...target.env,
        CHILD_CRM_URL: crm.url,
        CHILD_PORTALS: JSON.stringify({ [portalId]: userId }),
      };
      try {
        let db = await target.open();
        await migrateEventStore(db.db, db.schema);
        await new PostgresEventStore(db.db, db.kind).append(
          creditsStream(userId),
          [
            {
              id: crypto.randomUUID(),
              type: 'CreditsAdded',
              data: {
                credits: 40,
                source: { kind: 'signup' },
                balanceAfter: 40,
                at: new Date().toISOString(),
              },
            },
          ],
          { expected: 'no_stream' },
        );
        await db.close();

        // 1. Requests recorded and answered, then the process dies before processing any.
        const first = await startChild({ ...env, CHILD_ROUTING: 'stuck' });
        const events = Array.from({ length: 60 }, (_, i) => zipChange(portalId, 900 + i, '30301'));
        const answers = await Promise.all([
          deliver(first.baseUrl, events.slice(0, 30)),
          deliver(first.baseUrl, events.slice(30)),
        ]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        await kill(first);

        // 2. Charged and half-way into the CRM write when the process dies.
        crm.answer([], 'hold');
        const second = await startChild(env);
        await waitUntil(() => crm.updateCalls.some((c) => c.portalId === portalId && c.status === 'held'));
        await kill(second);

        // 3. A clean restart finishes the work.
        crm.answer([], 'ok');
        const third = await startChild(env);
        await printed(third, 'idle');
        await kill(third, 'SIGTERM');

        db = await target.open();
        const stream: RecordedEvent[] = await new PostgresEventStore(db.db, db.kind).readStream(
          creditsStream(userId),
        );
        await db.close();
        const outcomesPerLookup = new Map<string, number>();
        const chargesPerLookup = new Map<string, number>();
        for (const e of stream) {
          const id = (e.data as { lookupId?: string }).lookupId;
          if (!id) continue;
          if (e.type === 'LookupCharged') chargesPerLookup.set(id, (chargesPerLookup.get(id) ?? 0) + 1);
          if (e.type === 'LookupSucceeded' || e.type === 'LookupFailed')
            outcomesPerLookup.set(id, (outcomesPerLookup.get(id) ?? 0) + 1);
        }
        expect(outcomesPerLookup.size).toBe(60);
        expect([...outcomesPerLookup.values()].every((n) => n === 1)).toBe(true);
        expect([...chargesPerLookup.values()].every((n) => n === 1)).toBe(true);
        const succeeded = stream.filter((e) => e.type === 'LookupSucceeded').length;
        expect(succeeded).toBe(40);
        expect(foldBalance(stream)).toEqual({ balance: 0, lowest: 0 });
        expect(new Set(crm.writesFor(portalId).map((w) => w.id)).size).toBe(40);
      } finally {
        await target.dispose();
      }
    },
    120_000,
  );
});
