import type { AccountHandler } from './accounts/handler';
import { adminModule } from './admin/routes';
import type { Sessions } from './auth/sessions';
import { publicConfigModule, thirdPartySources } from './config/routes';
import { ping } from './db/database';
import type { Foundation } from './foundation';
import { healthModule } from './health/routes';
import { createApp, type HttpModule } from './http/app';
import { logsModule } from './log-viewer/routes';
import { requestLogging } from './logging/request-logging';
import { metricsModule } from './metrics/routes';
import type { StandIns } from './config/contract';
import type { Settings } from './settings';
import { ZIP_DATA_ATTRIBUTION } from './zipdata/attribution';
import { zipDataModule } from './zipdata/routes';

/**
 * What operators and admins look at, and what the web app reads before sign-in: health, the
 * public configuration and the ZIP data's age, metrics, the request log viewer and the admin's views.
 */
export function operationsModules(
  base: Foundation,
  o: {
    settings: Settings;
    auth: { sessions: Sessions; accounts: AccountHandler };
    now: () => Date;
    /** Which outside services are played by local stand-ins. */
    standIns: () => StandIns;
    devMailUrl: string | null;
  },
): HttpModule[] {
  const { store, database, runner, requestLogs, operational, readModels } = base;
  const { settings, auth, now, standIns } = o;
  return [
    healthModule({
      ...{ store, readModelStore: database.kind, runner, standIns, ping: () => ping(database) },
      singletons: () => database.locks.heldNames(),
      requestLogs: () => requestLogs.stats(),
    }),
    publicConfigModule({
      settings,
      standIns,
      devMailUrl: o.devMailUrl,
      zipAttribution: () => ZIP_DATA_ATTRIBUTION,
    }),
    zipDataModule(),
    adminModule({ ...auth, store, readModels, operational, now }),
    metricsModule(base.metrics, settings.metricsToken),
    logsModule({ ...auth, operational, readModels, now, lostLogLines: () => requestLogs.stats().lost }),
  ];
}

/** The HTTP app: every capability's routes behind the security headers, request logging and metrics. */
export function httpAppOf(settings: Settings, base: Foundation, modules: HttpModule[], webDir: string) {
  return createApp({
    logger: base.logger,
    modules,
    security: { https: settings.publicUrl.startsWith('https:'), ...thirdPartySources(settings) },
    trustProxyHops: settings.trustProxyHops,
    webDir,
    requestLogging: requestLogging(base.logger),
    requestMetrics: base.metrics.requests,
  });
}
