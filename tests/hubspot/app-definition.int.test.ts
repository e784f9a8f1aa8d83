import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SUBSCRIPTIONS } from '../../api/lookups/webhook';
import { HUBSPOT_SCOPES } from '../../api/portals/connections';
import {
  WORKFLOW_ACTION_FAILURE_OUTCOMES,
  WORKFLOW_ACTION_INPUTS,
  WORKFLOW_ACTION_OBJECT_TYPES,
  WORKFLOW_ACTION_OUTPUTS,
} from '../../api/workflow/definition';
import { lookupIdOf, lookupStream } from '../../domain/lookups/events';
import {
  checkProject,
  codeExpectations,
  parseProject,
  type ParsedProject,
} from '../../scripts/hubspot-app/check';
import {
  renderProject,
  RenderError,
  TEMPLATE_DIR,
  writeProject,
  type ProjectFiles,
} from '../../scripts/hubspot-app/project';
import { call, signUp } from '../support/app';
import type { CrmStandIn } from '../support/crm-stand-in';
import { pgliteBackend } from '../support/databases';
import { deliver, TEST_PUBLIC_URL, zipChange } from '../support/hubspot-webhook';
import { freshPortalId } from '../support/portals';
import { execution, runAction } from '../support/workflow-action';
import { lookupAppForSuite, type LookupApp } from '../lookups/helpers';

const PUBLIC_URL = 'https://zipfill.example.com';
const render = (templateDir?: string) =>
  renderProject({ publicUrl: PUBLIC_URL, supportEmail: 'help@zipfill.example.com', templateDir });

function parsed(files: ProjectFiles): ParsedProject {
  const { project, problems } = parseProject(files);
  expect(problems.join('\n')).toBe('');
  return project!;
}

/** The parts of an -hsmeta.json file the tests edit (the app's auth, the webhooks' subscriptions). */
interface EditableMeta {
  config: {
    auth: { optionalScopes: string[] };
    subscriptions: Record<string, unknown[]>;
    permittedUrls: { fetch: string[] };
  };
}

/** The committed project copied aside with one file edited, as a developer would edit it. */
function editedTemplates(path: string, edit: (meta: EditableMeta) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'hubspot-app-'));
  cpSync(TEMPLATE_DIR, dir, { recursive: true });
  const file = join(dir, path);
  const meta = JSON.parse(readFileSync(file, 'utf8')) as EditableMeta;
  edit(meta);
  writeFileSync(file, JSON.stringify(meta));
  return dir;
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('the HubSpot app definition (scripts/hubspot-app)', () => {
  it('renders a project HubSpot builds: hsproject.json on platform 2026.03, the marketplace OAuth app, its webhooks and the workflow action', () => {
    const out = mkdtempSync(join(tmpdir(), 'hubspot-app-out-'));
    try {
      writeProject(render(), out);
      const written = readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(out, join(entry.parentPath, entry.name)).split(sep).join('/'));
      expect(sorted(written)).toEqual([
        'hsproject.json',
        'src/app/app-hsmeta.json',
        'src/app/cards/RecordCard.tsx',
        'src/app/cards/ZipFillCard.tsx',
        'src/app/cards/card-answer.ts',
        'src/app/cards/package-lock.json',
        'src/app/cards/package.json',
        'src/app/cards/zipfill-card-hsmeta.json',
        'src/app/webhooks/webhooks-hsmeta.json',
        'src/app/workflow-actions/fill-location-hsmeta.json',
      ]);
      const files = new Map(written.map((path) => [path, readFileSync(join(out, path), 'utf8')]));
      const project = parsed(files);
      expect(project.hsproject.platformVersion).toBe('2026.03');
      expect(project.app.config).toMatchObject({ distribution: 'marketplace', auth: { type: 'oauth' } });
      expect(JSON.stringify([...files.values()])).not.toMatch(/%[A-Z_]+%/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('puts the ZipFill card on contact and company records, calling only the card routes the app permits', () => {
    const project = parsed(render());
    expect(project.cards.map((c) => c.config)).toEqual([
      expect.objectContaining({
        location: 'crm.record.tab',
        entrypoint: '/app/cards/ZipFillCard.tsx',
        objectTypes: ['contacts', 'companies'],
      }),
    ]);
    expect(project.app.config.permittedUrls?.fetch).toEqual([`${PUBLIC_URL}/api/hubspot/records/`]);
    expect(project.sources.get('src/app/cards/ZipFillCard.tsx')).toContain(`'${PUBLIC_URL}'`);
  });

  it('refuses a card whose endpoints the app does not permit hubspot.fetch to call', () => {
    const dir = editedTemplates('src/app/app-hsmeta.json', (meta) => {
      meta.config.permittedUrls.fetch = ['https://elsewhere.example.com/'];
    });
    expect(checkProject(parsed(render(dir)), codeExpectations(PUBLIC_URL))).toEqual([
      `app-hsmeta.json permittedUrls.fetch must list ${PUBLIC_URL}/api/hubspot/records/, the card's endpoints: hubspot.fetch refuses any URL not listed.`,
      'app-hsmeta.json permittedUrls.fetch lists https://elsewhere.example.com/, which no card calls.',
    ]);
  });

  it('agrees with the code in every point the check knows', () => {
    // Joined, so a failure shows the sentences themselves.
    expect(checkProject(parsed(render()), codeExpectations(PUBLIC_URL)).join('\n')).toBe('');
  });

  it('asks for exactly the scopes of the install URL, none optional, with the OAuth callback as its only redirect URL', () => {
    const { auth, support } = parsed(render()).app.config;
    expect(sorted(auth.requiredScopes)).toEqual(sorted(HUBSPOT_SCOPES));
    expect(auth.optionalScopes).toEqual([]);
    expect(auth.conditionallyRequiredScopes).toEqual([]);
    expect(auth.redirectUrls).toEqual([`${PUBLIC_URL}/api/hubspot/oauth/callback`]);
    expect(support).toEqual({
      supportEmail: 'help@zipfill.example.com',
      documentationUrl: `${PUBLIC_URL}/setup-guide`,
      supportUrl: `${PUBLIC_URL}/support`,
    });
  });

  it('subscribes to exactly the webhook events the code acts on, active, delivered to the webhook route', () => {
    const { settings, subscriptions } = parsed(render()).webhooks.config;
    expect(settings.targetUrl).toBe(`${PUBLIC_URL}/api/hubspot/webhook`);
    const declared = [...(subscriptions.legacyCrmObjects ?? []), ...(subscriptions.hubEvents ?? [])];
    expect(subscriptions.crmObjects ?? []).toEqual([]);
    expect(declared.every((s) => s.active)).toBe(true);
    const name = (s: { subscriptionType: string; propertyName?: string }) =>
      `${s.subscriptionType}:${s.propertyName ?? ''}`;
    expect(sorted(declared.map(name))).toEqual(sorted(WEBHOOK_SUBSCRIPTIONS.map(name)));
  });

  it('defines "Fill location from ZIP" with the URL, object types, inputs and outputs the code serves', () => {
    const [action, ...others] = parsed(render()).actions;
    expect(others).toEqual([]);
    const config = action!.config;
    expect(config.labels.en.actionName).toBe('Fill location from ZIP');
    expect(config.actionUrl).toBe(`${PUBLIC_URL}/api/hubspot/workflow-actions/fill-location`);
    expect(sorted(config.objectTypes)).toEqual(sorted(WORKFLOW_ACTION_OBJECT_TYPES));
    expect(sorted(config.inputFields.map((f) => f.typeDefinition.name))).toEqual(
      sorted(Object.values(WORKFLOW_ACTION_INPUTS)),
    );
    expect(config.outputFields.map((f) => f.typeDefinition.name)).toEqual([...WORKFLOW_ACTION_OUTPUTS]);
  });

  it('declares one execution rule, with a message, for exactly the failure outcomes the code answers FAIL_CONTINUE', () => {
    const config = parsed(render()).actions[0]!.config;
    const rules = config.executionRules ?? [];
    expect(sorted(rules.map((r) => String(r.conditions.outcome)))).toEqual(
      sorted(WORKFLOW_ACTION_FAILURE_OUTCOMES),
    );
    for (const rule of rules) {
      expect(rule.labelName).toBe(rule.conditions.outcome);
      expect(config.labels.en.executionRules?.[rule.labelName]).toBeTruthy();
    }
    const project = parsed(render());
    const code = codeExpectations(PUBLIC_URL);
    const failureOutcomes = [...code.action.failureOutcomes, 'a_new_outcome'];
    expect(checkProject(project, { ...code, action: { ...code.action, failureOutcomes } })).toEqual([
      expect.stringContaining('execution rules cover'),
    ]);
  });

  it('fails when the code asks for a scope or acts on a subscription the definition lacks', () => {
    const project = parsed(render());
    const code = codeExpectations(PUBLIC_URL);
    expect(checkProject(project, { ...code, scopes: [...code.scopes, 'automation'] })).toEqual([
      expect.stringContaining('asks for scope automation'),
    ]);
    expect(
      checkProject(project, {
        ...code,
        subscriptions: [...code.subscriptions, { subscriptionType: 'deal.creation' }],
      }),
    ).toEqual([expect.stringContaining('acts on deal.creation')]);
  });

  it('fails when the definition declares a scope or a subscription the code does not use', () => {
    const withScope = editedTemplates('src/app/app-hsmeta.json', (meta) => {
      meta.config.auth.optionalScopes.push('crm.objects.deals.read');
    });
    const withSubscription = editedTemplates('src/app/webhooks/webhooks-hsmeta.json', (meta) => {
      meta.config.subscriptions.legacyCrmObjects!.push({
        subscriptionType: 'contact.deletion',
        active: true,
      });
    });
    try {
      const code = codeExpectations(PUBLIC_URL);
      expect(checkProject(parsed(render(withScope)), code)).toEqual([
        expect.stringContaining('declares scope crm.objects.deals.read'),
      ]);
      expect(checkProject(parsed(render(withSubscription)), code)).toEqual([
        expect.stringContaining('subscribes to contact.deletion'),
      ]);
    } finally {
      rmSync(withScope, { recursive: true, force: true });
      rmSync(withSubscription, { recursive: true, force: true });
    }
  });

  it('fails a subscription of the new crmObjects kind, whose object.* events the webhook does not read', () => {
    const dir = editedTemplates('src/app/webhooks/webhooks-hsmeta.json', (meta) => {
      meta.config.subscriptions.crmObjects = [
        {
          subscriptionType: 'object.propertyChange',
          objectType: 'contact',
          propertyName: 'zip',
          active: true,
        },
      ];
    });
    try {
      expect(checkProject(parsed(render(dir)), codeExpectations(PUBLIC_URL))).toEqual([
        expect.stringContaining('subscribes to object.propertyChange (contact) on zip'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run hubspot-app:render writes a folder ready for hs project upload, and refuses an address that is not https', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hubspot-app-cli-')), 'project');
    const renderCli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/hubspot-app/render.ts', ...args], {
        encoding: 'utf8',
      });
    try {
      const written = renderCli(
        '--public-url',
        PUBLIC_URL,
        '--support-email',
        'help@zipfill.example.com',
        '--out',
        out,
      );
      expect(written.stderr).toBe('');
      expect(written.status).toBe(0);
      expect(written.stdout).toContain('hs project upload');
      const app = JSON.parse(readFileSync(join(out, 'src/app/app-hsmeta.json'), 'utf8')) as {
        config: { auth: { redirectUrls: string[] } };
      };
      expect(app.config.auth.redirectUrls).toEqual([`${PUBLIC_URL}/api/hubspot/oauth/callback`]);
      const refused = renderCli('--public-url', 'http://zipfill.example.com', '--out', `${out}-http`);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('must start with https://');
    } finally {
      rmSync(join(out, '..'), { recursive: true, force: true });
    }
  });

  it('refuses to render for an address HubSpot cannot call: not https, or with a query', () => {
    expect(() => renderProject({ publicUrl: 'http://zipfill.example.com', supportEmail: 'a@b.c' })).toThrow(
      RenderError,
    );
    expect(() =>
      renderProject({ publicUrl: 'https://zipfill.example.com/?x=1', supportEmail: 'a@b.c' }),
    ).toThrow(/without \?query/);
    const trailing = renderProject({ publicUrl: `${PUBLIC_URL}/`, supportEmail: 'a@b.c' });
    expect(parsed(trailing).webhooks.config.settings.targetUrl).toBe(`${PUBLIC_URL}/api/hubspot/webhook`);
  });
});

describe('the running service against the app definition', () => {
  let crm: CrmStandIn;
  let app: LookupApp;
  lookupAppForSuite(pgliteBackend, (started) => ({ crm, app } = started));

  const definition = () =>
    parsed(renderProject({ publicUrl: TEST_PUBLIC_URL, supportEmail: 'help@zipfill.example.com' }));

  it('sends HubSpot an install URL asking for the declared scopes, back to the declared redirect URL', async () => {
    const { token } = await signUp(app.baseUrl);
    const { body } = await call(app.baseUrl, '/api/auth/hubspot-install-url', { token });
    const url = new URL((body as { installUrl: string }).installUrl);
    const { auth } = definition().app.config;
    expect(sorted(url.searchParams.get('scope')!.split(' '))).toEqual(sorted(auth.requiredScopes));
    expect(url.searchParams.has('optional_scope')).toBe(false);
    expect(auth.redirectUrls).toEqual([url.searchParams.get('redirect_uri')]);
  });

  it('records a lookup for a ZIP change of every property-change subscription the app declares', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const { settings, subscriptions } = definition().webhooks.config;
    expect(new URL(settings.targetUrl).pathname).toBe('/api/hubspot/webhook');
    const changes = (subscriptions.legacyCrmObjects ?? []).filter((s) =>
      s.subscriptionType.endsWith('.propertyChange'),
    );
    expect(changes.length).toBeGreaterThan(0);
    for (const [i, s] of changes.entries()) {
      const event = zipChange(portalId, 100 + i, '10001', {
        subscriptionType: s.subscriptionType,
        propertyName: s.propertyName!,
      });
      expect(await deliver(app.baseUrl, [event])).toMatchObject({ status: 200, body: { recorded: 1 } });
      const stream = await app.test.store.readStream(
        lookupStream(lookupIdOf(portalId, String(event.eventId))),
      );
      expect(stream.map((e) => e.type)).toEqual(['LookupRequested']);
    }
  });

  it('answers an execution of the declared action on each declared object type with exactly the declared outputs and SUCCESS', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const { actionUrl, objectTypes, inputFields, outputFields } = definition().actions[0]!.config;
    expect(new URL(actionUrl).pathname).toBe('/api/hubspot/workflow-actions/fill-location');
    // The inputs as a workflow author fills them: a ZIP, and the declared "No" of the write choice.
    const [zip, writeChoice] = inputFields.map((f) => f.typeDefinition.name);
    const no = inputFields[1]!.typeDefinition.options!.at(-1)!.value;
    for (const [i, objectType] of objectTypes.entries()) {
      const run = execution(
        portalId,
        300 + i,
        { [zip!]: '10001', [writeChoice!]: no },
        { object: { objectId: 300 + i, objectType } },
      );
      const { status, body } = await runAction(app.baseUrl, run);
      expect(status).toBe(200);
      const outputs = (body as { outputFields: Record<string, string> }).outputFields;
      expect(sorted(Object.keys(outputs))).toEqual(
        sorted([...outputFields.map((f) => f.typeDefinition.name), 'hs_execution_state']),
      );
      expect(outputs).toMatchObject({ city: 'New York', outcome: 'filled', hs_execution_state: 'SUCCESS' });
    }
    expect(crm.writesFor(portalId)).toEqual([]);
  });

  it('answers a failed execution FAIL_CONTINUE, and the definition has an execution rule with a message for its outcome', async () => {
    const user = await signUp(app.baseUrl);
    const portalId = freshPortalId();
    app.portals.connect(portalId, user.userId);
    const { executionRules, labels } = definition().actions[0]!.config;
    const { status, body } = await runAction(app.baseUrl, execution(portalId, 310, { zip: 'not a zip' }));
    expect(status).toBe(200);
    const outputs = (body as { outputFields: Record<string, string> }).outputFields;
    expect(outputs).toMatchObject({ outcome: 'invalid_zip_format', hs_execution_state: 'FAIL_CONTINUE' });
    const rule = executionRules!.find((r) => r.conditions.outcome === outputs.outcome)!;
    expect(labels.en.executionRules![rule.labelName]).toMatch(/ZIP code/);
  });
});
