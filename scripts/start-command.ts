import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_DIR } from '../api/install-dir';

type NodeScript = 'start' | 'replay';

interface NodeCommand {
  env: Record<string, string>;
  flags: string[];
  script: string;
}

const commands = new Map<NodeScript, NodeCommand>();

/**
 * What `npm start` (or `npm run replay`) runs, read once from package.json, the one place its
 * node flags are set (the image's CMD and ENV repeat start's, which a test holds): the
 * environment it sets (`NAME=value` before node), the flags, and the script they run. The
 * benchmarks and the suites that start the service in a process of its own give it the same
 * flags, so the heap cap among them is exercised wherever the service runs.
 */
export function startCommand(name: NodeScript = 'start'): NodeCommand {
  const known = commands.get(name);
  if (known) return known;
  const pkg = JSON.parse(readFileSync(join(INSTALL_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<NodeScript, string>;
  };
  const line = pkg.scripts[name];
  const words = line.split(' ');
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [key = '', ...value] = words.shift()!.split('=');
    env[key] = value.join('=');
  }
  const [program, ...args] = words;
  if (program !== 'node') throw new Error(`npm run ${name} runs ${program}, not node`);
  const flags = args.filter((arg) => arg.startsWith('--'));
  const [script, ...rest] = args.filter((arg) => !arg.startsWith('--'));
  if (!script || rest.length > 0) throw new Error(`npm run ${name} runs "${line}": expected one script`);
  const command = { env, flags, script };
  commands.set(name, command);
  return command;
}
