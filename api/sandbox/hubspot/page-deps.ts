import type { SandboxPassDeps } from './pass';
import type { SandboxCrmStore } from './store';
import type { SandboxWebhookSender } from './webhooks';

/** What the sandbox CRM's pages need: its store, the app's OAuth side and webhooks, and the pass. */
export interface SandboxPageDeps extends SandboxPassDeps {
  store: SandboxCrmStore;
  clientId: string;
  /** The only redirect_uri the consent page sends codes to (the app's own callback). */
  callbackUrl: string;
  webhooks: SandboxWebhookSender;
  /** The ZipFill user an OAuth state was issued to: the person on the consent page. */
  userOfState(state: string): Promise<string | undefined>;
}
