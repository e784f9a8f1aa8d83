/**
 * The home page as a first-time visitor loads it: the service started as `npm start` runs it
 * (the built web app, precompressed), Chromium opening `/` with an empty cache, several times;
 * then once more with the cache warm. Reports the JavaScript transferred and the largest
 * contentful paint. Needs `npm run build:web` and Chromium (CHROMIUM_PATH).
 */
import { launchBrowser, pageLoadFigures, type PageLoadFigures } from '../../tests/support/browser';
import { startService } from '../../tests/support/server-process';
import type { BenchResult } from './report';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);

export async function runWebBench(options: { runs?: number } = {}): Promise<BenchResult> {
  const runs = options.runs ?? 9;
  const service = await startService();
  const browser = await launchBrowser();
  try {
    const cold: PageLoadFigures[] = [];
    const warm: PageLoadFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        baseURL: service.baseUrl,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      for (const figures of [cold, warm]) {
        await page.goto('/', { waitUntil: 'networkidle' });
        figures.push(await pageLoadFigures(page));
      }
      await context.close();
    }
    const row = (load: string, figures: PageLoadFigures[]) => ({
      load,
      'JS transferred (KB)': Math.round((median(figures.map((f) => f.javascriptBytes)) / 1024) * 10) / 10,
      'LCP median (ms)': Math.round(median(figures.map((f) => f.largestContentfulPaintMs))),
      'LCP max (ms)': Math.round(max(figures.map((f) => f.largestContentfulPaintMs))),
      runs: figures.length,
    });
    return {
      name: 'Home page load (Chromium, local service)',
      rows: [row('empty cache', cold), row('warm cache', warm)],
    };
  } finally {
    await browser.close();
    await service.stop();
  }
}
