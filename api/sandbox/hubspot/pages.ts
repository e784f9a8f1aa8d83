import type { Express, Request, Response } from 'express';
import { HUBSPOT_TIMEZONE_PROPERTY } from '../../../domain/lookups/fill';
import { mappableProperties } from '../../portals/properties';
import { esc, page, SANDBOX_CSS } from './html';
import type { SandboxPageDeps } from './page-deps';
import { passHolder } from './pass';
import { privacyDeleteForm, uninstallForm } from './portal-actions';
import { sampleRecordsForm } from './samples-page';
import { isObjectType, type SandboxObjectType } from './records';
import type { SandboxCrmStore } from './store';
import { validationRulesCard } from './validation-rules-page';
import { workflowActionLink } from './workflow-action';
import { recordCardLink } from './record-card';

const BASE = '/sandbox/hubspot';

/** A field of the records page's form; a property with options is a select. */
interface FormField {
  name: string;
  label: string;
  options?: { label: string; value: string }[];
}

/** The fields that say who or what a record is, and its ZIP. */
const IDENTITY_FIELDS: Record<SandboxObjectType, [string, string][]> = {
  contacts: [
    ['firstname', 'First Name'],
    ['lastname', 'Last Name'],
    ['email', 'Email'],
    ['zip', 'Postal Code (ZIP)'],
  ],
  companies: [
    ['name', 'Company name'],
    ['domain', 'Company Domain Name'],
    ['zip', 'Postal Code (ZIP)'],
  ],
};

/**
 * What a person edits on the records page: who or what the record is, its ZIP, and every property
 * ZipFill can be mapped to write (the portal's mappable properties, and a contact's time zone),
 * so a value typed by hand into a mapped field can be tried against the write modes.
 */
async function formFields(store: SandboxCrmStore, type: SandboxObjectType): Promise<FormField[]> {
  const identity = IDENTITY_FIELDS[type].map(([name, label]) => ({ name, label }));
  const all = await store.properties(type);
  const withRules = new Set(all.filter((p) => p.validationRule).map((p) => p.name));
  const mappable = mappableProperties(
    all.map((p) => ({ ...p, modificationMetadata: { readOnlyValue: p.readOnlyValue ?? false } })),
    withRules,
  ).filter((p) => !identity.some((f) => f.name === p.name));
  const timezone = all.find((p) => p.name === HUBSPOT_TIMEZONE_PROPERTY);
  return [
    ...identity,
    ...mappable,
    ...(timezone ? [{ name: timezone.name, label: timezone.label, options: timezone.options ?? [] }] : []),
  ];
}

const inputOf = (type: SandboxObjectType, field: FormField, value: string) => {
  const id = `${type}-${field.name}`;
  const control = field.options
    ? `<select id="${id}" name="${field.name}"><option value=""></option>${field.options
        .map(
          (o) =>
            `<option value="${esc(o.value)}"${o.value === value ? ' selected' : ''}>${esc(o.label)}</option>`,
        )
        .join('')}</select>`
    : `<input id="${id}" name="${field.name}" value="${esc(value)}">`;
  return `<div><label for="${id}">${esc(field.label)}</label>${control}</div>`;
};

const q = (req: Request, name: string) =>
  typeof req.query[name] === 'string' ? (req.query[name] as string) : '';
const f = (req: Request, name: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.trim().slice(0, 500) : '';
};

const badConsent = (res: Response) =>
  res
    .status(400)
    .send(
      page(
        'Sandbox: bad request',
        '<div class="card bad">This consent link is not valid or has expired. Start again with "Connect to HubSpot" on your ZipFill dashboard.</div>',
      ),
    );

const noSuchPortal = (res: Response) =>
  res
    .status(404)
    .send(page('Sandbox: not found', '<div class="card bad">There is no such sandbox portal.</div>'));

const signedOut = (res: Response) =>
  res
    .status(401)
    .send(
      page(
        'Sandbox: sign in',
        '<div class="card bad">Open the sandbox CRM from your <a href="/dashboard">ZipFill dashboard</a> while signed in: its portals belong to the ZipFill user who connected them.</div>',
      ),
    );

/**
 * The consent page and the records page: how a person uses the sandbox CRM in a browser. A
 * portal belongs to the ZipFill user who created it on the consent page; the consent page knows
 * the user from the OAuth state, the records page from the sandbox pass, and anyone else's
 * portal is answered as not found, as HubSpot would for a portal one has no access to.
 */
export function sandboxPageRoutes(app: Express, deps: SandboxPageDeps) {
  const { store } = deps;

  app.get(`${BASE}/assets/sandbox.css`, (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'no-cache');
    res.send(SANDBOX_CSS);
  });

  app.get(`${BASE}/oauth/authorize`, async (req, res) => {
    if (q(req, 'client_id') !== deps.clientId || q(req, 'redirect_uri') !== deps.callbackUrl) {
      res
        .status(400)
        .send(page('Sandbox: bad request', '<div class="card bad">Unknown client_id or redirect_uri.</div>'));
      return;
    }
    const userId = await deps.userOfState(q(req, 'state'));
    if (!userId) return badConsent(res);
    const portals = await store.portalsOf(userId);
    const options = [
      '<option value="new">A new sandbox portal</option>',
      ...portals.map(
        (p) =>
          `<option value="${esc(p.portal_id)}">Portal ${esc(p.portal_id)} (${esc(p.hub_domain)})</option>`,
      ),
    ].join('');
    res.send(
      page(
        'Connect sandbox portal',
        `<div class="card"><h1>Connect sandbox portal</h1>
<p>ZipFill asks for access to: ${esc(q(req, 'scope').split(' ').join(', '))}.</p>
<form method="post" action="${BASE}/oauth/authorize">
<input type="hidden" name="client_id" value="${esc(q(req, 'client_id'))}">
<input type="hidden" name="redirect_uri" value="${esc(q(req, 'redirect_uri'))}">
<input type="hidden" name="state" value="${esc(q(req, 'state'))}">
<label for="portal">Portal</label><select id="portal" name="portal">${options}</select>
<button type="submit">Connect sandbox portal</button></form></div>`,
      ),
    );
  });

  app.post(`${BASE}/oauth/authorize`, async (req, res) => {
    if (f(req, 'client_id') !== deps.clientId || f(req, 'redirect_uri') !== deps.callbackUrl) {
      res
        .status(400)
        .send(page('Sandbox: bad request', '<div class="card bad">Unknown client_id or redirect_uri.</div>'));
      return;
    }
    const userId = await deps.userOfState(f(req, 'state'));
    if (!userId) return badConsent(res);
    const chosen = f(req, 'portal');
    if (chosen !== 'new' && !(await store.ownPortal(chosen, userId))) return noSuchPortal(res);
    const portalId = chosen === 'new' ? await store.createPortal(userId) : chosen;
    const target = new URL(deps.callbackUrl);
    target.searchParams.set('code', await store.issueCode(portalId));
    target.searchParams.set('state', f(req, 'state'));
    res.redirect(303, target.toString());
  });

  app.get(`${BASE}/records`, (req, res) => recordsPage(req, res, deps));

  app.post(`${BASE}/records`, async (req, res) => {
    const userId = await passHolder(req, deps);
    if (!userId) return signedOut(res);
    const portalId = f(req, 'portalId');
    const type = f(req, 'type');
    if (!(await store.ownPortal(portalId, userId))) return noSuchPortal(res);
    if (!isObjectType(type)) {
      res.status(400).send(page('Sandbox: bad request', '<div class="card bad">Unknown record type.</div>'));
      return;
    }
    const values = Object.fromEntries(
      (await formFields(store, type)).map(({ name }) => [name, f(req, name)]),
    );
    const id = f(req, 'id');
    let recordId = id;
    let zipChanged: boolean;
    if (id) {
      const [before] = await store.records(portalId, type, [id]);
      if (!before) {
        res
          .status(404)
          .send(page('Sandbox: not found', '<div class="card bad">There is no such record.</div>'));
        return;
      }
      zipChanged = (before.properties.zip ?? '') !== values.zip;
      await store.updateRecord(portalId, type, id, values, 'CRM_UI');
    } else {
      recordId = await store.createRecord(portalId, type, values);
      zipChanged = values.zip !== '';
    }
    let notice = 'saved';
    if (zipChanged) {
      try {
        const status = await deps.webhooks.send([
          deps.webhooks.zipChanged(portalId, type, recordId, values.zip ?? ''),
        ]);
        notice = status < 300 ? 'webhook' : `webhook-${status}`;
      } catch {
        notice = 'webhook-failed';
      }
    }
    const back = new URLSearchParams({ portalId, saved: `${type}:${recordId}`, notice, n: '0' });
    res.redirect(303, `${BASE}/records?${back.toString()}`);
  });
}

function noticeText(notice: string): [string, string] | undefined {
  if (notice === 'uninstalled')
    return ['ok', 'The app was uninstalled: ZipFill’s tokens for this portal no longer work.'];
  if (notice === 'privacy-deleted')
    return [
      'ok',
      'The contact was deleted for good and a contact.privacyDeletion webhook was sent to ZipFill.',
    ];
  if (notice === 'samples-contacts' || notice === 'samples-companies')
    return ['ok', `Added 1,000 sample ${notice.slice(8)}. No webhook was sent: a backfill fills them.`];
  if (notice === 'rules')
    return ['ok', 'Validation rules saved: the next batch updates are held against them.'];
  if (notice === 'saved') return ['ok', 'Saved. The ZIP did not change, so no webhook was sent.'];
  if (notice === 'webhook')
    return [
      'ok',
      'Saved. A signed contact/company ZIP webhook was sent to ZipFill; the location fields fill in below within seconds.',
    ];
  if (notice === 'webhook-failed') return ['bad', 'Saved, but ZipFill did not answer the webhook.'];
  if (notice.startsWith('webhook-'))
    return ['bad', `Saved, but ZipFill answered the webhook with ${notice.slice(8)}.`];
  return undefined;
}

async function recordsPage(req: Request, res: Response, deps: SandboxPageDeps) {
  const { store } = deps;
  const userId = await passHolder(req, deps);
  if (!userId) return signedOut(res);
  const portals = await store.portalsOf(userId);
  const asked = q(req, 'portalId');
  const portal = asked ? portals.find((p) => p.portal_id === asked) : portals[0];
  if (asked && !portal) return noSuchPortal(res);
  if (!portal) {
    res.send(
      page(
        'Sandbox records',
        '<div class="card"><h1>Sandbox records</h1><p>No sandbox portal yet. Connect one from the ZipFill dashboard ("Connect to HubSpot").</p></div>',
      ),
    );
    return;
  }
  const [editType, editId] = q(req, 'edit').split(':');
  const [savedType, savedId] = q(req, 'saved').split(':');
  const n = Number(q(req, 'n')) || 0;
  const sections: string[] = [];
  let waiting = false;
  for (const type of ['contacts', 'companies'] as const) {
    const records = await store.records(portal.portal_id, type);
    const total = records.length < 200 ? records.length : await store.countRecords(portal.portal_id, type);
    const editing = editType === type ? records.find((r) => r.id === editId) : undefined;
    const saved = savedType === type ? records.find((r) => r.id === savedId) : undefined;
    // Only a delivered webhook leads to a write worth waiting for.
    if (saved && q(req, 'notice') === 'webhook' && saved.lastChangeSource !== 'INTEGRATION') waiting = true;
    const fields = (await formFields(store, type))
      .map((field) => inputOf(type, field, editing?.properties[field.name] ?? ''))
      .join('');
    const rows = records
      .map((r) => {
        const props = Object.entries(r.properties)
          .filter(([k, v]) => v && k !== 'createdate' && k !== 'hs_object_id')
          .map(([k, v]) => `${esc(k)}: ${esc(v)}`)
          .join('<br>');
        const filled = r.lastChangeSource === 'INTEGRATION' ? ' class="filled"' : '';
        return `<tr${filled}><td data-label="ID">${esc(r.id)}</td><td class="props">${props}</td><td data-label="Last changed by">${r.lastChangeSource === 'INTEGRATION' ? 'ZipFill (INTEGRATION)' : 'You (CRM_UI)'}<br>${esc(r.updatedAt.replace('T', ' ').slice(0, 19))} UTC</td><td><a href="${BASE}/records?portalId=${esc(portal.portal_id)}&amp;edit=${type}:${esc(r.id)}">Edit</a> ${recordCardLink(portal.portal_id, type, r.id)} ${workflowActionLink(portal.portal_id, type, r.id)}${type === 'contacts' ? privacyDeleteForm(portal.portal_id, r.id) : ''}</td></tr>`;
      })
      .join('');
    const title = type === 'contacts' ? 'Contacts' : 'Companies';
    sections.push(`<div class="card"><h2>${title}</h2>
<form method="post" action="${BASE}/records"><input type="hidden" name="portalId" value="${esc(portal.portal_id)}">
<input type="hidden" name="type" value="${type}"><input type="hidden" name="id" value="${esc(editing?.id ?? '')}">
<h3>${editing ? `Edit ${type === 'contacts' ? 'contact' : 'company'} ${esc(editing.id)}` : `Create a ${type === 'contacts' ? 'contact' : 'company'}`}</h3>
<div class="grid">${fields}</div><button type="submit">${editing ? 'Save' : 'Create'}</button></form>
<h3>${title} in portal ${esc(portal.portal_id)}${total > records.length ? ` (${total.toLocaleString('en-US')}; the latest ${records.length} shown)` : ''}</h3>
${sampleRecordsForm(portal.portal_id, type)}
${records.length ? `<table><thead><tr><th>ID</th><th>Properties</th><th>Last changed by</th><th>Actions</th></tr></thead><tbody>${rows}</tbody></table>` : `<p>No ${type} yet.</p>`}</div>`);
  }
  const notice = noticeText(q(req, 'notice'));
  // Refresh a few times after a save until ZipFill has written the record (no script needed).
  const refresh =
    waiting && n < 10
      ? `<meta http-equiv="refresh" content="1;url=${BASE}/records?${esc(new URLSearchParams({ portalId: portal.portal_id, saved: q(req, 'saved'), notice: q(req, 'notice'), n: String(n + 1) }).toString())}">`
      : '';
  const portalLinks = portals
    .map((p) => `<a href="${BASE}/records?portalId=${esc(p.portal_id)}">Portal ${esc(p.portal_id)}</a>`)
    .join('');
  res.setHeader('Cache-Control', 'no-store');
  res.send(
    page(
      `Sandbox records, portal ${portal.portal_id}`,
      `<nav>${portalLinks}<a href="/dashboard">Back to ZipFill</a></nav>
<h1>Sandbox portal ${esc(portal.portal_id)}</h1>
${notice ? `<div class="notice ${notice[0]}">${esc(notice[1])}${waiting && n < 10 ? ' Waiting for ZipFill…' : ''}</div>` : ''}
${sections.join('')}
${validationRulesCard(portal.portal_id, {
  contacts: await store.validationRules.of(portal.portal_id, 'contacts'),
  companies: await store.validationRules.of(portal.portal_id, 'companies'),
})}
<div class="card"><h2>The app</h2>${uninstallForm(portal.portal_id)}</div>`,
      refresh,
    ),
  );
}
