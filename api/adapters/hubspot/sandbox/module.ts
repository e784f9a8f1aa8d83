import type { HttpModule } from '../../../http/app';
import { sandboxApiRoutes, type SandboxApiDeps } from './api';
import { sandboxPageRoutes, type SandboxPageDeps } from './pages';
import { sandboxPassRoutes } from './pass';
import { sandboxPortalActionRoutes } from './portal-actions';

/** The sandbox CRM served by the app itself when HubSpot is not configured. */
export function sandboxCrmModule(deps: SandboxApiDeps & SandboxPageDeps): HttpModule {
  return {
    routes(app) {
      sandboxApiRoutes(app, deps);
      sandboxPassRoutes(app, deps);
      sandboxPageRoutes(app, deps);
      sandboxPortalActionRoutes(app, deps);
    },
  };
}
