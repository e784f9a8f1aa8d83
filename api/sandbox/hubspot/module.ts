import type { HttpModule } from '../../http/app';
import { sandboxApiRoutes, type SandboxApiDeps } from './api';
import type { SandboxPageDeps } from './page-deps';
import { sandboxPageRoutes } from './pages';
import { sandboxPassRoutes } from './pass';
import { sandboxPortalActionRoutes } from './portal-actions';
import { sandboxRecordCardRoutes, type SandboxRecordCardDeps } from './record-card';
import { sandboxSampleRoutes } from './samples-page';
import { sandboxValidationRuleRoutes } from './validation-rules-page';
import { sandboxWorkflowActionRoutes, type SandboxWorkflowActionDeps } from './workflow-action';

/** The sandbox CRM served by the app itself when HubSpot is not configured. */
export function sandboxCrmModule(
  deps: SandboxApiDeps & SandboxPageDeps & SandboxWorkflowActionDeps & SandboxRecordCardDeps,
): HttpModule {
  return {
    routes(app) {
      sandboxApiRoutes(app, deps);
      sandboxPassRoutes(app, deps);
      sandboxPageRoutes(app, deps);
      sandboxPortalActionRoutes(app, deps);
      sandboxSampleRoutes(app, deps);
      sandboxValidationRuleRoutes(app, deps);
      sandboxWorkflowActionRoutes(app, deps);
      sandboxRecordCardRoutes(app, deps);
    },
  };
}
