import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ZIP_TABLE_FILE } from '../../api/adapters/geocoder/zip-table';
import { tableVersion, buildZipTable } from './table';

// The whole build runs here (a few seconds): comparing its output byte for byte is the only check
// that cannot pass while a source, a merge rule or a hand edit has changed what lookups answer.
describe('the committed ZIP table', () => {
  it('is exactly what the pinned data packages build, and its version is the fingerprint of its content', () => {
    const { file } = buildZipTable();
    expect(JSON.stringify(file)).toBe(readFileSync(ZIP_TABLE_FILE, 'utf8'));
    const { version, ...content } = file;
    expect(tableVersion(content)).toBe(version);
  });
});
