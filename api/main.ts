import type { Server } from 'node:http';
import { DataDirLockedError } from './db/lock-file';
import { answerClientErrors } from './http/client-errors';
import { createLogger } from './logging/logger';
import { readSettings, SettingsError } from './settings';
import { createSystem } from './system';

/** The only place that reads the environment. */
async function main() {
  let settings;
  try {
    settings = readSettings(process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(settings.logLevel);
  let system;
  try {
    system = await createSystem(settings, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    throw error;
  }
  const server: Server = system.app.listen(settings.port, () => {
    logger.info(`ZipFill is serving ${settings.publicUrl}`, {
      port: settings.port,
      events: system.store.kind,
      readModels: system.database.kind,
    });
  });
  answerClientErrors(server);
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

await main();
