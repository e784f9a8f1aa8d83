import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the service's package.json. Files that ship beside the code (the web app,
 * the ZIP table) are found from it, because a path relative to this module differs between the
 * sources run by tsx (api/*.ts) and the built bundle (api/dist/main.js).
 */
function findInstallDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const INSTALL_DIR = findInstallDir(dirname(fileURLToPath(import.meta.url)));
