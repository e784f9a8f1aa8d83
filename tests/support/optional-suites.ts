import { accessSync, constants } from 'node:fs';

/**
 * Suites that need something a fresh machine may not have. When it is absent they are left out
 * and the run says so at its start, one line each, with how to enable them; `npm test` stays
 * green on a machine with nothing but Node. An entry that is `requiredInCi` is never left out
 * under CI=true: the run fails at its start instead.
 */
export interface OptionalSuites {
  /** The suites, as the notice names them. */
  suites: string;
  /** Test files left out when what they need is absent (empty when the suites leave out only their own variants). */
  files: readonly string[];
  /** Why they cannot run here, or undefined when they can. */
  absent(env: NodeJS.ProcessEnv): string | undefined;
  /** What to do to run them. */
  enable: string;
  requiredInCi: boolean;
}

/** Debian's chromium unless CHROMIUM_PATH names another one. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const browserSuites: OptionalSuites = {
  suites: 'browser suites (tests/e2e)',
  files: ['tests/e2e/**'],
  absent: (env) => (executable(chromiumPath(env)) ? undefined : `no chromium at ${chromiumPath(env)}`),
  enable: 'install Debian\'s chromium ("apt-get install chromium") or set CHROMIUM_PATH',
  requiredInCi: true,
};

/** The app card is built by HubSpot from its own folder, with its own packages (React 18 and @hubspot/ui-extensions). */
const CARD_DIR = 'scripts/hubspot-app/project/src/app/cards';

export const optionalSuites: readonly OptionalSuites[] = [
  browserSuites,
  {
    suites: 'the HubSpot app card component (its folder’s own packages)',
    files: [`${CARD_DIR}/**`],
    absent: () => {
      try {
        accessSync(`${CARD_DIR}/node_modules/@hubspot/ui-extensions/package.json`);
        return undefined;
      } catch {
        return `${CARD_DIR} has no node_modules`;
      }
    },
    enable: 'npm run hubspot-app:card-deps',
    requiredInCi: true,
  },
  {
    suites: 'PostgreSQL variants of the database suites, and the fleet suites (tests/fleet)',
    files: ['tests/fleet/**'],
    absent: (env) => (env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set'),
    enable:
      'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (any server where the user may create schemas)',
    requiredInCi: false,
  },
  {
    suites: 'KurrentDB contract against a real server (it ran against the local stand-in)',
    files: [],
    absent: (env) => (env.EVENTSTORE_URL ? undefined : 'EVENTSTORE_URL is not set'),
    enable: 'set EVENTSTORE_URL=kurrentdb://127.0.0.1:2113?tls=false (a KurrentDB/EventStoreDB node)',
    requiredInCi: false,
  },
];

export interface SkippedSuites {
  suites: OptionalSuites;
  reason: string;
}

const underCi = (env: NodeJS.ProcessEnv) => env.CI === 'true' || env.CI === '1';

/** The suites this run leaves out, given its environment. */
export function skippedSuites(env: NodeJS.ProcessEnv = process.env): SkippedSuites[] {
  return optionalSuites.flatMap((suites) => {
    const reason = suites.absent(env);
    return reason === undefined || (underCi(env) && suites.requiredInCi) ? [] : [{ suites, reason }];
  });
}

/** What the run says at its start: one line per group of suites left out. */
export function skipNotices(env: NodeJS.ProcessEnv = process.env): string[] {
  return skippedSuites(env).map(
    ({ suites, reason }) => `Skipped: the ${suites.suites}, ${reason}. To run them, ${suites.enable}.`,
  );
}

/** Under CI, what stops the run before any suite starts: suites that must run but cannot. */
export function missingUnderCi(env: NodeJS.ProcessEnv = process.env): string[] {
  if (!underCi(env)) return [];
  return optionalSuites.flatMap((suites) => {
    const reason = suites.requiredInCi ? suites.absent(env) : undefined;
    return reason === undefined
      ? []
      : [`CI=true: the ${suites.suites} must run, but ${reason}. To run them, ${suites.enable}.`];
  });
}
