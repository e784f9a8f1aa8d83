import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkProject, codeExpectations, parseProject } from './check';
import { publicUrlOf, renderProject, RenderError, writeProject } from './project';

/** The service's own default for SUPPORT_EMAIL (api/settings.ts). */
const DEFAULT_SUPPORT_EMAIL = 'support@example.com';

const USAGE =
  'Usage: npm run hubspot-app:render -- --public-url https://zipfill.example.com [--support-email you@example.com] [--out dir]';

/**
 * `npm run hubspot-app:render`: writes the HubSpot app project for one deployment, checked
 * against the code first, so what is uploaded declares exactly what the service asks for.
 */
function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'public-url': { type: 'string' },
        'support-email': { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values['public-url']) {
    console.error(USAGE);
    return 2;
  }
  const outDir = resolve(values.out ?? 'hubspot-app');
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    console.error(`${outDir} is not empty; name an empty or new folder with --out.`);
    return 2;
  }
  const supportEmail = values['support-email'] || process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
  if (supportEmail === DEFAULT_SUPPORT_EMAIL)
    console.warn(
      `The app's support address is ${DEFAULT_SUPPORT_EMAIL}; give --support-email (or set SUPPORT_EMAIL) before listing.`,
    );
  try {
    const publicUrl = publicUrlOf(values['public-url']);
    const files = renderProject({ publicUrl, supportEmail });
    const { project, problems } = parseProject(files);
    if (project) problems.push(...checkProject(project, codeExpectations(publicUrl)));
    if (problems.length > 0) {
      console.error(`The app definition disagrees with the code:\n- ${problems.join('\n- ')}`);
      return 1;
    }
    writeProject(files, outDir);
    console.log(`Wrote the HubSpot project for ${publicUrl} to ${outDir}. Upload it with:`);
    console.log(`  cd ${outDir} && hs project upload`);
    return 0;
  } catch (error) {
    if (error instanceof RenderError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main();
