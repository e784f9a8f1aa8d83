import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The HubSpot app as committed: a developer-platform project whose files hold %PUBLIC_URL% and
 * %SUPPORT_EMAIL% where a deployment's own values go.
 */
export const TEMPLATE_DIR = fileURLToPath(new URL('./project', import.meta.url));

const PLACEHOLDER = /%[A-Z_]+%/;

/** The rendered project: each file's path inside the project (with `/`) and its text. */
export type ProjectFiles = ReadonlyMap<string, string>;

export interface RenderOptions {
  publicUrl: string;
  supportEmail: string;
  templateDir?: string;
}

/** A value the project cannot be rendered with; the message says which and why. */
export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

/**
 * The address HubSpot will call, as the service builds its own (PUBLIC_URL without trailing
 * slashes). HubSpot calls webhooks and workflow actions only over https.
 */
export function publicUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RenderError(`--public-url "${raw}" is not a URL.`);
  }
  if (url.protocol !== 'https:')
    throw new RenderError(`--public-url must start with https:// (HubSpot calls webhooks over https only).`);
  if (url.search || url.hash || url.username || url.password)
    throw new RenderError(
      '--public-url must be the address the service is reached at, without ?query or #hash.',
    );
  return raw.trim().replace(/\/+$/, '');
}

/** What HubSpot builds: the JSON definitions and the card's sources, not its tests or installed packages. */
const isProjectFile = (path: string) =>
  !path.split(sep).includes('node_modules') && /\.(json|tsx?)$/.test(path) && !/\.test\.tsx?$/.test(path);

function templateFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isProjectFile(relative(dir, join(entry.parentPath, entry.name))))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Fills the deployment's values into every file of the project; the result is valid JSON throughout. */
export function renderProject(options: RenderOptions): ProjectFiles {
  const dir = options.templateDir ?? TEMPLATE_DIR;
  const values: Record<string, string> = {
    '%PUBLIC_URL%': publicUrlOf(options.publicUrl),
    '%SUPPORT_EMAIL%': options.supportEmail,
  };
  const files = new Map<string, string>();
  for (const path of templateFiles(dir)) {
    let text = readFileSync(join(dir, path), 'utf8');
    for (const [placeholder, value] of Object.entries(values))
      // Escaped as a JSON string's inside, so no value can break the file.
      text = text.replaceAll(placeholder, JSON.stringify(value).slice(1, -1));
    const left = PLACEHOLDER.exec(text);
    if (left) throw new RenderError(`${path} holds ${left[0]}, which the renderer does not fill.`);
    try {
      if (path.endsWith('.json')) JSON.parse(text);
    } catch (error) {
      throw new RenderError(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    files.set(path, text);
  }
  return files;
}

/** Writes the rendered project into `outDir` (created if needed), ready for `hs project upload`. */
export function writeProject(files: ProjectFiles, outDir: string): void {
  for (const [path, text] of files) {
    const target = join(outDir, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}
