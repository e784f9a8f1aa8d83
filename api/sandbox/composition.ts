import type { AccountsDeps } from '../accounts/services';
import { requireUser } from '../auth/middleware';
import type { OperationalDb } from '../db/operational';
import type { HttpModule } from '../http/app';
import type { Logger } from '../logging/logger';
import { callbackUrl, type HubSpotServices } from '../portals/services';
import { SignedUserPass, storedSecret } from '../portals/secrets';
import { SANDBOX_APP_ID, type Settings } from '../settings';
import { WORKFLOW_ACTION_PATH } from '../workflow/definition';
import { sandboxDb } from './db';
import { sandboxCrmModule } from './hubspot/module';
import { SandboxCrmStore } from './hubspot/store';
import { SandboxWebhookSender } from './hubspot/webhooks';
import { sandboxGateway, type SandboxGateway } from './stripe/gateway';
import { sandboxStripeModule } from './stripe/routes';

/** How long the sandbox CRM's pages know the user after the dashboard asked for a pass. */
const SANDBOX_PASS_MS = 8 * 3600_000;

/** The stand-in CRM's data, the webhooks it sends and the pass its pages know their user by. */
export interface SandboxCrm {
  store: SandboxCrmStore;
  webhooks: SandboxWebhookSender;
  pass: SignedUserPass;
}

/**
 * The HubSpot stand-in, served by the app itself when no HubSpot app is configured: its CRM,
 * OAuth consent, webhooks and workflow runs, signed with the secret ZipFill's HubSpot side holds.
 */
export async function composeHubSpotStandIn(o: {
  settings: Settings;
  operational: OperationalDb;
  hubspot: HubSpotServices;
  accounts: AccountsDeps;
  now: () => Date;
  /** Where the sandbox CRM delivers its webhooks, instead of the app's own endpoint (tests). */
  webhookUrl?: string;
}): Promise<{ crm: SandboxCrm; modules: HttpModule[] }> {
  const { settings, hubspot, accounts, now } = o;
  const store = new SandboxCrmStore(sandboxDb(o.operational), now);
  await store.seed();
  const appId = settings.hubspot.appId ?? SANDBOX_APP_ID;
  const webhooks = new SandboxWebhookSender({
    publicUrl: settings.publicUrl,
    clientSecret: hubspot.clientSecret,
    appId,
    ...(o.webhookUrl ? { url: o.webhookUrl } : {}),
  });
  const passKey = (await storedSecret(o.operational, 'sandbox_crm_pass_key', now())).value;
  const crm: SandboxCrm = {
    store,
    webhooks,
    pass: new SignedUserPass(passKey, SANDBOX_PASS_MS, 'sandbox-crm-pass'),
  };
  const module = sandboxCrmModule({
    ...crm,
    clientId: settings.hubspot.clientId,
    clientSecret: hubspot.clientSecret,
    appId,
    callbackUrl: callbackUrl(settings.publicUrl),
    actionUrl: `${settings.publicUrl}${WORKFLOW_ACTION_PATH}`,
    publicUrl: settings.publicUrl,
    userOfState: async (state) => {
      const userId = hubspot.state.verify(state, now());
      return userId && (await accounts.gate.admit(userId))?.userId;
    },
    gate: accounts.gate,
    now,
    requireUser: requireUser({ sessions: accounts.sessions, accounts: accounts.accounts }),
    secureCookie: settings.publicUrl.startsWith('https:'),
  });
  return { crm, modules: [module] };
}

/** The Stripe stand-in: a local test checkout and billing portal that sign their events like Stripe. */
export async function composeStripeStandIn(o: {
  settings: Settings;
  operational: OperationalDb;
  logger: Logger;
  now: () => Date;
}): Promise<{ gateway: SandboxGateway; modules: HttpModule[] }> {
  const db = sandboxDb(o.operational);
  const gateway = await sandboxGateway(db, { publicUrl: o.settings.publicUrl, now: o.now });
  o.logger.warn(
    'No STRIPE_SECRET_KEY: payments use the local test checkout; no card is charged and credits are granted for test payments',
  );
  return { gateway, modules: [sandboxStripeModule({ db, gateway, logger: o.logger, now: o.now })] };
}
