import type { Express, Request, Response } from 'express';
import { esc, page } from './html';
import { passHolder } from './pass';
import type { SandboxPageDeps } from './page-deps';

const BASE = '/sandbox/hubspot';

const field = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 100) : '';
};

/** The "Uninstall app" form of a portal's records page. */
export const uninstallForm = (portalId: string) =>
  `<form method="post" action="${BASE}/uninstall"><input type="hidden" name="portalId" value="${esc(portalId)}">
<button type="submit">Uninstall app</button> <small>Ends every token ZipFill holds for this portal, as uninstalling the app in HubSpot does.</small></form>`;

/** The "Delete (GDPR)" button of a contact row. */
export const privacyDeleteForm = (portalId: string, contactId: string) =>
  `<form method="post" action="${BASE}/privacy-delete"><input type="hidden" name="portalId" value="${esc(portalId)}">
<input type="hidden" name="id" value="${esc(contactId)}"><button type="submit">Delete (GDPR)</button></form>`;

const back = (res: Response, portalId: string, notice: string) =>
  res.redirect(303, `${BASE}/records?${new URLSearchParams({ portalId, notice }).toString()}`);

/**
 * What a portal admin does to the app and to a contact in HubSpot, for trying ZipFill's answers:
 * uninstall the app (its tokens stop working: ZipFill finds out at its next refresh and shows the
 * portal as disconnected), and permanently delete a contact for privacy (the record goes and a
 * `contact.privacyDeletion` webhook is sent, as HubSpot does).
 */
export function sandboxPortalActionRoutes(app: Express, deps: SandboxPageDeps) {
  const ownPortal = async (req: Request, res: Response) => {
    const userId = await passHolder(req, deps);
    const portalId = field(req, 'portalId');
    if (userId && (await deps.store.ownPortal(portalId, userId))) return portalId;
    res
      .status(userId ? 404 : 401)
      .send(page('Sandbox: not found', '<div class="card bad">There is no such sandbox portal.</div>'));
    return undefined;
  };

  app.post(`${BASE}/uninstall`, async (req, res) => {
    const portalId = await ownPortal(req, res);
    if (!portalId) return;
    await deps.store.uninstall(portalId);
    back(res, portalId, 'uninstalled');
  });

  app.post(`${BASE}/privacy-delete`, async (req, res) => {
    const portalId = await ownPortal(req, res);
    if (!portalId) return;
    const id = field(req, 'id');
    if (!(await deps.store.deleteRecord(portalId, 'contacts', id))) {
      res
        .status(404)
        .send(page('Sandbox: not found', '<div class="card bad">There is no such contact.</div>'));
      return;
    }
    let notice = 'privacy-deleted';
    try {
      const status = await deps.webhooks.send([deps.webhooks.privacyDeleted(portalId, id)]);
      if (status >= 300) notice = `webhook-${status}`;
    } catch {
      notice = 'webhook-failed';
    }
    back(res, portalId, notice);
  });
}
