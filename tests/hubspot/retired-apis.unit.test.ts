import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HUBSPOT_API_VERSION, HUBSPOT_PATHS } from '../../api/adapters/hubspot/api-version';
import { INSTALL_DIR } from '../../api/install-dir';
import { isNumberedHubSpotPath } from '../support/retired-hubspot-apis';

const SOURCE_DIRS = ['api', 'domain', 'projections', 'scripts', 'web/src'];
const SKIPPED = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|json|html|css|mjs|js|sh)$/.test(entry.name) ? [path] : [];
  });
}

/** A line of code (not a comment) naming a path on one of HubSpot's numbered APIs. */
const NUMBERED_IN_CODE = /\/(crm|oauth|automation|webhooks|integrations|account-info|properties)\/v\d+\//;
const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line);

describe('HubSpot calls name only the date-based API', () => {
  it('watches for the numbered paths HubSpot retires, wherever they are served, and nothing else', () => {
    for (const path of [
      '/oauth/v1/token',
      '/oauth/v1/access-tokens/abc',
      '/sandbox/hubspot/crm/v3/objects/contacts/batch/update',
      '/crm/v3/properties/contacts',
      '/automation/v4/actions/callbacks/complete',
    ])
      expect(isNumberedHubSpotPath(path), path).toBe(true);
    for (const path of [
      ...Object.values(HUBSPOT_PATHS).map((p) => (typeof p === 'string' ? p : p('contacts', 'x'))),
      '/sandbox/hubspot/crm/objects/2026-03/contacts/search',
      '/v1/customers',
      '/api/hubspot/webhook',
    ])
      expect(isNumberedHubSpotPath(path), path).toBe(false);
  });

  it(`puts every HubSpot path on ${HUBSPOT_API_VERSION}, named in one place`, () => {
    const paths = Object.values(HUBSPOT_PATHS).map((p) => (typeof p === 'string' ? p : p('contacts', 'x')));
    expect(paths.every((p) => p.split('/').includes(HUBSPOT_API_VERSION))).toBe(true);
  });

  it('names no numbered HubSpot API in the product’s code, scripts or sandbox pages', () => {
    const found = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(INSTALL_DIR, dir))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          NUMBERED_IN_CODE.test(line) && !isComment(line) ? [`${relative(INSTALL_DIR, file)}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
