import type { Express } from 'express';
import { zipTable, type ZipTable } from '../adapters/geocoder/zip-table';
import type { HttpModule } from '../http/app';
import type { ZipDataAnswer } from './contract';
import { AS_OF_SOURCE } from './as-of';

/** Which ZIP data answers lookups, and how old it is. */
export function zipDataAnswer(table: ZipTable): ZipDataAnswer {
  const sources = table.sources.map((s) => ({ ...s }));
  return {
    version: table.version,
    asOf: sources.find((s) => s.package === AS_OF_SOURCE)?.date ?? '',
    sources,
    usZips: table.usZipCount,
    canadianFsas: table.canadianFsaCount,
  };
}

/**
 * GET /api/zip-data, public: the data's age and sources say nothing about anyone, the setup guide
 * shows them before sign-up, and a visitor deciding whether to trust ZipFill should see them.
 */
export function zipDataModule(table: () => ZipTable = zipTable): HttpModule {
  return {
    routes(app: Express) {
      app.get('/api/zip-data', (_req, res) => {
        // The table changes only with a deployment, which no-cache revalidates.
        res.setHeader('Cache-Control', 'no-cache');
        res.json(zipDataAnswer(table()) satisfies ZipDataAnswer);
      });
    },
  };
}
