import type { Response } from 'express';

/** Starts a CSV answer the browser saves as `filename`; never cached, as the reports hold personal data. */
export function startCsvDownload(res: Response, filename: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
}
