import type { Express, Request } from 'express';
import { esc, page } from './html';
import { passHolder } from './pass';
import type { SandboxPageDeps } from './page-deps';
import { isObjectType, type SandboxObjectType } from './records';

const BASE = '/sandbox/hubspot';
const SAMPLES_PER_CLICK = 1000;

const field = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 100) : '';
};

/** The "Add 1,000 sample contacts" (or companies) button of a portal's records page. */
export const sampleRecordsForm = (portalId: string, type: SandboxObjectType) =>
  `<form method="post" action="${BASE}/samples"><input type="hidden" name="portalId" value="${esc(portalId)}">
<input type="hidden" name="type" value="${type}"><button type="submit">Add 1,000 sample ${type}</button>
<small>Most with a ZIP and no city, some with ZIP+4, a city already filled, an invalid, unknown or no ZIP; no webhook is sent, as after an import: a backfill fills them.</small></form>`;

/** The button's work: the same sample records as `npm run seed:crm`, a thousand at a time. */
export function sandboxSampleRoutes(app: Express, deps: SandboxPageDeps) {
  app.post(`${BASE}/samples`, async (req, res) => {
    const userId = await passHolder(req, deps);
    const portalId = field(req, 'portalId');
    const type = field(req, 'type');
    if (!userId || !(await deps.store.ownPortal(portalId, userId))) {
      res
        .status(userId ? 404 : 401)
        .send(page('Sandbox: not found', '<div class="card bad">There is no such sandbox portal.</div>'));
      return;
    }
    if (!isObjectType(type)) {
      res.status(400).send(page('Sandbox: bad request', '<div class="card bad">Unknown record type.</div>'));
      return;
    }
    // Each click adds others than the last: the seed is how many the portal already holds.
    const seed = await deps.store.countRecords(portalId, type);
    await deps.store.addSamples(portalId, type, SAMPLES_PER_CLICK, seed);
    res.redirect(
      303,
      `${BASE}/records?${new URLSearchParams({ portalId, notice: `samples-${type}` }).toString()}`,
    );
  });
}
