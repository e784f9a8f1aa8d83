import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from '../api/install-dir';

/**
 * What `npm start` runs, read from package.json, the one place its node flags are set (the
 * image's CMD repeats them, which a test holds): the flags, and the script they run. The
 * benchmarks and the suites that start the service in a process of its own give it the same
 * flags, so the heap cap among them is exercised wherever the service runs.
 */
export function startCommand(): { flags: string[]; script: string } {
  const pkg = JSON.parse(readFileSync(join(INSTALL_DIR, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = pkg.scripts.start.split(' ');
  if (program !== 'node') throw new Error(`npm start runs ${program}, not node`);
  const flags = args.filter((arg) => arg.startsWith('--'));
  const [script, ...rest] = args.filter((arg) => !arg.startsWith('--'));
  if (!script || rest.length > 0)
    throw new Error(`npm start runs "${pkg.scripts.start}": expected one script`);
  return { flags, script };
}
