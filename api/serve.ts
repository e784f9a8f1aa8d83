import { createServer, type RequestListener, type Server } from 'node:http';
import { answerWhileStarting } from './health/starting';
import { DataDirLockedError } from './db/lock-file';
import { answerClientErrors } from './http/client-errors';
import { createLogger } from './logging/logger';
import { readSettings, SettingsError } from './settings';
import { createSystem, type SystemOverrides } from './system';

/**
 * Serves ZipFill as `npm start` does, configured by `environment`, until SIGINT or SIGTERM.
 * `overrides` exist for the test suites' programs that are the service with a hook.
 */
export async function serve(environment: NodeJS.ProcessEnv, overrides: SystemOverrides = {}): Promise<void> {
  let settings;
  try {
    settings = readSettings(environment);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(settings.logLevel);
  // Listening before the system is built: while migrations run, /api/health/live answers and
  // /api/health/ready says not yet, instead of the port being closed (health/starting.ts).
  let handle: RequestListener = answerWhileStarting;
  const server: Server = createServer((req, res) => handle(req, res));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(settings.port, resolve));
  let system;
  try {
    system = await createSystem(settings, logger, overrides);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  handle = system.app;
  logger.info(`ZipFill is serving ${settings.publicUrl}`, {
    port: settings.port,
    events: system.store.kind,
    readModels: system.database.kind,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`Stopping on ${signal}`);
    server.close();
    await system.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
