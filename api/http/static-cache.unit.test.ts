import { describe, expect, it } from 'vitest';
import { staticCacheControl } from './app';

describe('caching of the web app files', () => {
  it('keeps a content-hashed asset for a year without asking again, compressed or not', () => {
    for (const path of [
      '/srv/web/dist/assets/framework-C9puLliG.js',
      '/srv/web/dist/assets/framework-C9puLliG.js.br',
      '/srv/web/dist/assets/index-CvUQ-pxS.css.gz',
    ])
      expect(staticCacheControl(path)).toBe('public, max-age=31536000, immutable');
  });

  it('lets a file without a content hash be revalidated within the hour', () => {
    expect(staticCacheControl('/srv/web/dist/favicon.svg')).toBe('public, max-age=3600');
    expect(staticCacheControl('/srv/web/dist/guide/connect.webp')).toBe('public, max-age=3600');
  });
});
