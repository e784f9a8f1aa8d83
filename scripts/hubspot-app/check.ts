import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { WEBHOOK_PATH, WEBHOOK_SUBSCRIPTIONS, type WebhookSubscription } from '../../api/lookups/webhook';
import { callbackUrl, HUBSPOT_SCOPES } from '../../api/portals/connections';
import {
  WORKFLOW_ACTION_INPUTS,
  WORKFLOW_ACTION_OBJECT_TYPES,
  WORKFLOW_ACTION_FAILURE_OUTCOMES,
  WORKFLOW_ACTION_OUTPUTS,
  WORKFLOW_ACTION_PATH,
} from '../../api/workflow/definition';
import { paths } from '../../web/src/app/paths';
import { RECORD_CARDS_PREFIX } from '../../api/record-card/routes';
import type { ProjectFiles } from './project';

/** What the code asks of the HubSpot app, for one PUBLIC_URL. */
export interface CodeExpectations {
  /** The install URL's `scope` (api/portals/connections.ts). */
  scopes: readonly string[];
  redirectUrl: string;
  webhookUrl: string;
  subscriptions: readonly WebhookSubscription[];
  action: {
    url: string;
    objectTypes: readonly string[];
    inputs: readonly string[];
    outputs: readonly string[];
    /** The failure outcomes the action can answer (hs_execution_state FAIL_CONTINUE). */
    failureOutcomes: readonly string[];
  };
  documentationUrl: string;
  supportUrl: string;
  /** The record card's endpoints under PUBLIC_URL (api/record-card/routes.ts). */
  cardUrlPrefix: string;
}

export function codeExpectations(publicUrl: string): CodeExpectations {
  return {
    scopes: HUBSPOT_SCOPES,
    redirectUrl: callbackUrl(publicUrl),
    webhookUrl: `${publicUrl}${WEBHOOK_PATH}`,
    subscriptions: WEBHOOK_SUBSCRIPTIONS,
    action: {
      url: `${publicUrl}${WORKFLOW_ACTION_PATH}`,
      objectTypes: WORKFLOW_ACTION_OBJECT_TYPES,
      inputs: Object.values(WORKFLOW_ACTION_INPUTS),
      outputs: WORKFLOW_ACTION_OUTPUTS,
      failureOutcomes: WORKFLOW_ACTION_FAILURE_OUTCOMES,
    },
    documentationUrl: `${publicUrl}${paths.setupGuide}`,
    supportUrl: `${publicUrl}${paths.support}`,
    cardUrlPrefix: `${publicUrl}${RECORD_CARDS_PREFIX}`,
  };
}

/** The fields of the project's files this product relies on (HubSpot reads more). */
export interface HsProject {
  name: string;
  srcDir: string;
  platformVersion: string;
}
export interface AppMeta {
  uid: string;
  type: 'app';
  config: {
    name: string;
    description: string;
    distribution: string;
    auth: {
      type: string;
      redirectUrls: string[];
      requiredScopes: string[];
      optionalScopes: string[];
      conditionallyRequiredScopes: string[];
    };
    support: { supportEmail: string; documentationUrl: string; supportUrl: string };
    /** The URLs the app's UI extensions may call with hubspot.fetch (the card's endpoints). */
    permittedUrls?: { fetch?: string[] };
  };
}
/** An app card (https://developers.hubspot.com/docs/apps/developer-platform/add-features/ui-extensibility/app-cards/reference). */
export interface CardMeta {
  uid: string;
  type: 'card';
  config: { name: string; location: string; entrypoint: string; objectTypes: string[] };
}
interface Subscription {
  subscriptionType: string;
  objectType?: string;
  propertyName?: string;
  active: boolean;
}
export interface WebhooksMeta {
  uid: string;
  type: 'webhooks';
  config: {
    settings: { targetUrl: string; maxConcurrentRequests: number };
    subscriptions: {
      crmObjects?: Subscription[];
      legacyCrmObjects?: Subscription[];
      hubEvents?: Subscription[];
    };
  };
}
interface ActionField {
  typeDefinition: {
    name: string;
    type: string;
    fieldType: string;
    options?: { value: string; label: string }[];
  };
}
export interface WorkflowActionMeta {
  uid: string;
  type: 'workflow-action';
  config: {
    actionUrl: string;
    objectTypes: string[];
    inputFields: (ActionField & { supportedValueTypes: string[]; isRequired?: boolean })[];
    outputFields: ActionField[];
    /** HubSpot shows the rule's message when the answer's outputs match its conditions. */
    executionRules?: { labelName: string; conditions: Record<string, unknown> }[];
    labels: {
      en: {
        actionName: string;
        inputFieldLabels: Record<string, string>;
        outputFieldLabels: Record<string, string>;
        executionRules?: Record<string, string>;
      };
    };
  };
}

export interface ParsedProject {
  hsproject: HsProject;
  app: AppMeta;
  webhooks: WebhooksMeta;
  actions: WorkflowActionMeta[];
  cards: CardMeta[];
  /** Each card's entrypoint source, by its path in the project. */
  sources: ProjectFiles;
}

const strings = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
const https = { type: 'string', format: 'uri', pattern: '^https://' } as const;
const uid = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } as const;

const hsprojectSchema = {
  type: 'object',
  required: ['name', 'srcDir', 'platformVersion'],
  properties: {
    name: { type: 'string', minLength: 1 },
    srcDir: { const: 'src' },
    // New marketplace listings from 2 November 2026 must be on one of these.
    platformVersion: { enum: ['2025.2', '2026.03'] },
  },
};
const appSchema = {
  type: 'object',
  required: ['uid', 'type', 'config'],
  properties: {
    uid,
    type: { const: 'app' },
    config: {
      type: 'object',
      required: ['name', 'description', 'distribution', 'auth', 'support'],
      properties: {
        name: { type: 'string', minLength: 1 },
        description: { type: 'string', minLength: 1 },
        distribution: { const: 'marketplace' },
        auth: {
          type: 'object',
          required: [
            'type',
            'redirectUrls',
            'requiredScopes',
            'optionalScopes',
            'conditionallyRequiredScopes',
          ],
          properties: {
            // The marketplace takes OAuth apps only.
            type: { const: 'oauth' },
            redirectUrls: { type: 'array', minItems: 1, items: https },
            requiredScopes: strings,
            optionalScopes: strings,
            conditionallyRequiredScopes: strings,
          },
        },
        support: {
          type: 'object',
          required: ['supportEmail', 'documentationUrl', 'supportUrl'],
          properties: {
            supportEmail: { type: 'string', format: 'email' },
            documentationUrl: https,
            supportUrl: https,
          },
        },
      },
    },
  },
};
const subscriptionList = {
  type: 'array',
  items: {
    type: 'object',
    required: ['subscriptionType', 'active'],
    properties: {
      subscriptionType: { type: 'string', minLength: 1 },
      objectType: { type: 'string' },
      propertyName: { type: 'string', minLength: 1 },
      active: { type: 'boolean' },
    },
  },
};
const webhooksSchema = {
  type: 'object',
  required: ['uid', 'type', 'config'],
  properties: {
    uid,
    type: { const: 'webhooks' },
    config: {
      type: 'object',
      required: ['settings', 'subscriptions'],
      properties: {
        settings: {
          type: 'object',
          required: ['targetUrl', 'maxConcurrentRequests'],
          properties: { targetUrl: https, maxConcurrentRequests: { type: 'integer', minimum: 1 } },
        },
        subscriptions: {
          type: 'object',
          additionalProperties: false,
          properties: {
            crmObjects: subscriptionList,
            legacyCrmObjects: subscriptionList,
            hubEvents: subscriptionList,
          },
        },
      },
    },
  },
};
const field = {
  type: 'object',
  required: ['typeDefinition'],
  properties: {
    typeDefinition: {
      type: 'object',
      required: ['name', 'type', 'fieldType'],
      properties: {
        name: { type: 'string', minLength: 1 },
        type: { type: 'string' },
        fieldType: { type: 'string' },
      },
    },
  },
};
const labelMap = { type: 'object', additionalProperties: { type: 'string', minLength: 1 } };
const actionSchema = {
  type: 'object',
  required: ['uid', 'type', 'config'],
  properties: {
    uid,
    type: { const: 'workflow-action' },
    config: {
      type: 'object',
      required: ['actionUrl', 'supportedClients', 'objectTypes', 'inputFields', 'outputFields', 'labels'],
      properties: {
        actionUrl: https,
        isPublished: { type: 'boolean' },
        supportedClients: { type: 'array', minItems: 1 },
        objectTypes: strings,
        inputFields: {
          type: 'array',
          items: {
            allOf: [field],
            required: ['supportedValueTypes'],
            properties: { supportedValueTypes: { ...strings, minItems: 1 }, isRequired: { type: 'boolean' } },
          },
        },
        outputFields: { type: 'array', items: field },
        executionRules: {
          type: 'array',
          items: {
            type: 'object',
            required: ['labelName', 'conditions'],
            properties: { labelName: { type: 'string', minLength: 1 }, conditions: { type: 'object' } },
          },
        },
        labels: {
          type: 'object',
          required: ['en'],
          properties: {
            en: {
              type: 'object',
              required: ['actionName', 'inputFieldLabels', 'outputFieldLabels'],
              properties: {
                actionName: { type: 'string', minLength: 1 },
                inputFieldLabels: labelMap,
                outputFieldLabels: labelMap,
              },
            },
          },
        },
      },
    },
  },
};

const cardSchema = {
  type: 'object',
  required: ['uid', 'type', 'config'],
  properties: {
    uid,
    type: { const: 'card' },
    config: {
      type: 'object',
      required: ['name', 'location', 'entrypoint', 'objectTypes'],
      properties: {
        name: { type: 'string', minLength: 1 },
        location: { const: 'crm.record.tab' },
        entrypoint: { type: 'string', pattern: '^/app/cards/[^/]+\\.(jsx|tsx)$' },
        objectTypes: strings,
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv, ['uri', 'email']);
const validators = {
  hsproject: ajv.compile<HsProject>(hsprojectSchema),
  app: ajv.compile<AppMeta>(appSchema),
  webhooks: ajv.compile<WebhooksMeta>(webhooksSchema),
  'workflow-action': ajv.compile<WorkflowActionMeta>(actionSchema),
  card: ajv.compile<CardMeta>(cardSchema),
};

const describe = (file: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${file}: ${e.instancePath || '(top)'} ${e.message ?? 'is not valid'}`);

/**
 * Reads the rendered files as the project HubSpot builds: hsproject.json, one app, one webhooks
 * component and the workflow actions, each of the shape this product relies on.
 */
export function parseProject(files: ProjectFiles): { project?: ParsedProject; problems: string[] } {
  const problems: string[] = [];
  const hsprojectText = files.get('hsproject.json');
  if (hsprojectText === undefined) return { problems: ['The project has no hsproject.json.'] };
  const hsproject: unknown = JSON.parse(hsprojectText);
  if (!validators.hsproject(hsproject))
    problems.push(...describe('hsproject.json', validators.hsproject.errors));
  const apps: AppMeta[] = [];
  const webhooks: WebhooksMeta[] = [];
  const actions: WorkflowActionMeta[] = [];
  const cards: CardMeta[] = [];
  for (const [path, text] of files) {
    if (!path.endsWith('-hsmeta.json')) continue;
    const meta = JSON.parse(text) as { type?: unknown };
    const folder = path.split('/').slice(0, -1).join('/');
    if (meta.type === 'app' && folder === 'src/app') {
      if (validators.app(meta)) apps.push(meta);
      else problems.push(...describe(path, validators.app.errors));
    } else if (meta.type === 'webhooks' && folder === 'src/app/webhooks') {
      if (validators.webhooks(meta)) webhooks.push(meta);
      else problems.push(...describe(path, validators.webhooks.errors));
    } else if (meta.type === 'workflow-action' && folder === 'src/app/workflow-actions') {
      if (validators['workflow-action'](meta)) actions.push(meta);
      else problems.push(...describe(path, validators['workflow-action'].errors));
    } else if (meta.type === 'card' && folder === 'src/app/cards') {
      if (validators.card(meta)) cards.push(meta);
      else problems.push(...describe(path, validators.card.errors));
    } else problems.push(`${path}: a component of type ${String(meta.type)} in ${folder} is not expected.`);
  }
  if (apps.length !== 1)
    problems.push(`The project must hold one app (src/app/*-hsmeta.json); it holds ${apps.length}.`);
  if (webhooks.length !== 1)
    problems.push(
      `The project must hold one webhooks component (src/app/webhooks/); it holds ${webhooks.length}.`,
    );
  if (problems.length > 0 || !validators.hsproject(hsproject)) return { problems };
  return {
    project: { hsproject, app: apps[0]!, webhooks: webhooks[0]!, actions, cards, sources: files },
    problems,
  };
}

const subscriptionName = (s: { subscriptionType: string; propertyName?: string }) =>
  s.propertyName ? `${s.subscriptionType} on ${s.propertyName}` : s.subscriptionType;

/** What is in `a` and not in `b`. */
const without = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  without(a, b).length === 0 && without(b, a).length === 0;

/**
 * Every way the app definition and the code disagree, one sentence each; none when they agree.
 * HubSpot refuses an install whose URL asks for an undeclared scope, and a subscription the
 * code does not read is data sent for nothing (and a scope review question).
 */
export function checkProject(project: ParsedProject, code: CodeExpectations): string[] {
  const problems: string[] = [];
  const { auth, support } = project.app.config;
  const declaredScopes = [
    ...auth.requiredScopes,
    ...auth.optionalScopes,
    ...auth.conditionallyRequiredScopes,
  ];
  for (const scope of without(code.scopes, auth.requiredScopes))
    problems.push(
      `The install URL asks for scope ${scope} (HUBSPOT_SCOPES in api/portals/connections.ts), but app-hsmeta.json does not list it in requiredScopes: HubSpot would refuse every install.`,
    );
  for (const scope of without(declaredScopes, code.scopes))
    problems.push(
      `app-hsmeta.json declares scope ${scope}, which the install URL never asks for: remove it (the marketplace wants minimal scopes) or add it to HUBSPOT_SCOPES.`,
    );
  if (!sameSet(auth.redirectUrls, [code.redirectUrl]))
    problems.push(
      `app-hsmeta.json redirectUrls must be exactly [${code.redirectUrl}], the OAuth callback route.`,
    );
  if (support.documentationUrl !== code.documentationUrl)
    problems.push(
      `app-hsmeta.json support.documentationUrl must be the setup guide, ${code.documentationUrl}.`,
    );
  if (support.supportUrl !== code.supportUrl)
    problems.push(`app-hsmeta.json support.supportUrl must be the support page, ${code.supportUrl}.`);

  problems.push(...checkCards(project, code));

  const { settings, subscriptions } = project.webhooks.config;
  if (settings.targetUrl !== code.webhookUrl)
    problems.push(
      `webhooks targetUrl must be the webhook route, ${code.webhookUrl}; it is ${settings.targetUrl}.`,
    );
  const declared = [
    ...(subscriptions.legacyCrmObjects ?? []),
    ...(subscriptions.hubEvents ?? []),
    // New-style subscriptions arrive as object.* events with an objectTypeId, which the webhook does not read.
    ...(subscriptions.crmObjects ?? []).map((s) => ({
      ...s,
      subscriptionType: `${s.subscriptionType} (${s.objectType ?? '?'})`,
    })),
  ];
  const handled = code.subscriptions.map(subscriptionName);
  for (const name of without(handled, declared.map(subscriptionName)))
    problems.push(
      `The webhook acts on ${name} (WEBHOOK_SUBSCRIPTIONS in api/lookups/webhook.ts), but the app does not subscribe to it: HubSpot would never send it.`,
    );
  for (const name of without(declared.map(subscriptionName), handled))
    problems.push(
      `The app subscribes to ${name}, which the webhook does not act on: remove the subscription or handle it and add it to WEBHOOK_SUBSCRIPTIONS.`,
    );
  for (const s of declared.filter((s) => !s.active))
    problems.push(`The subscription to ${subscriptionName(s)} is inactive; the code expects it delivered.`);

  if (project.actions.length !== 1) {
    problems.push(
      `The project must define the one workflow action the code serves; it defines ${project.actions.length}.`,
    );
    return problems;
  }
  const action = project.actions[0]!.config;
  const inputs = action.inputFields.map((f) => f.typeDefinition.name);
  const outputs = action.outputFields.map((f) => f.typeDefinition.name);
  if (action.actionUrl !== code.action.url)
    problems.push(
      `The workflow action's actionUrl must be ${code.action.url} (WORKFLOW_ACTION_PATH); it is ${action.actionUrl}.`,
    );
  if (!sameSet(action.objectTypes, code.action.objectTypes))
    problems.push(
      `The workflow action runs on ${action.objectTypes.join(', ')}; the code serves ${code.action.objectTypes.join(', ')}.`,
    );
  if (!sameSet(inputs, code.action.inputs))
    problems.push(
      `The workflow action's inputs are ${inputs.join(', ')}; the code reads ${code.action.inputs.join(', ')}.`,
    );
  if (!sameSet(outputs, code.action.outputs))
    problems.push(
      `The workflow action's outputs are ${outputs.join(', ')}; the code answers ${code.action.outputs.join(', ')}.`,
    );
  const { inputFieldLabels, outputFieldLabels } = action.labels.en;
  if (!sameSet(Object.keys(inputFieldLabels), inputs) || !sameSet(Object.keys(outputFieldLabels), outputs))
    problems.push('The workflow action labels (en) must name every input and output field, and only those.');
  // One execution rule per failure outcome, matched on `outcome`, each with its message.
  const rules = action.executionRules ?? [];
  const ruled = rules.map((r) => String(r.conditions.outcome));
  if (!sameSet(ruled, code.action.failureOutcomes) || rules.some((r) => r.labelName !== r.conditions.outcome))
    problems.push(
      `The workflow action's execution rules cover ${ruled.join(', ') || 'no outcome'}; the code answers FAIL_CONTINUE for ${code.action.failureOutcomes.join(', ')} (one rule each, labelName = conditions.outcome).`,
    );
  const messages = action.labels.en.executionRules ?? {};
  if (
    !sameSet(
      Object.keys(messages),
      rules.map((r) => r.labelName),
    )
  )
    problems.push(
      'The workflow action labels (en) must give a message for every execution rule, and only those.',
    );
  return problems;
}

/**
 * The record card: on contacts and companies, its entrypoint in the project, calling only the
 * card's routes under PUBLIC_URL, which the app's permittedUrls.fetch declares (hubspot.fetch
 * refuses any other URL).
 */
function checkCards(project: ParsedProject, code: CodeExpectations): string[] {
  const problems: string[] = [];
  if (project.cards.length !== 1)
    return [
      `The project must define the one record card the code serves (src/app/cards/); it defines ${project.cards.length}.`,
    ];
  const card = project.cards[0]!.config;
  if (!sameSet(card.objectTypes, ['contacts', 'companies']))
    problems.push(`The card sits on ${card.objectTypes.join(', ')}; the code serves contacts and companies.`);
  const entry = `src${card.entrypoint}`;
  const source = project.sources.get(entry);
  if (source === undefined) problems.push(`The card's entrypoint ${entry} is not in the project.`);
  const fetchUrls = project.app.config.permittedUrls?.fetch ?? [];
  if (!fetchUrls.includes(code.cardUrlPrefix))
    problems.push(
      `app-hsmeta.json permittedUrls.fetch must list ${code.cardUrlPrefix}, the card's endpoints: hubspot.fetch refuses any URL not listed.`,
    );
  for (const url of fetchUrls.filter((u) => !u.startsWith(code.cardUrlPrefix)))
    problems.push(`app-hsmeta.json permittedUrls.fetch lists ${url}, which no card calls.`);
  const component = [...project.sources].filter(
    ([path]) => path.startsWith('src/app/cards/') && /\.tsx?$/.test(path),
  );
  const base = code.cardUrlPrefix.slice(0, -RECORD_CARDS_PREFIX.length);
  if (
    !component.some(([, text]) => text.includes(`'${base}'`)) ||
    !component.some(([, text]) => text.includes(RECORD_CARDS_PREFIX))
  )
    problems.push(
      `The card must call ${code.cardUrlPrefix}…: its source names neither the public URL nor the card route.`,
    );
  return problems;
}
