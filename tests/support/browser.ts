import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath } from './optional-suites';

/** Debian's chromium, never a downloaded browser; background networking off (the machine has no internet). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh page (own storage) that fails the test on any uncaught page error. */
export async function freshPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** What loading a page cost: its JavaScript as transferred (compressed, headers included) and its LCP. */
export interface PageLoadFigures {
  javascriptBytes: number;
  largestContentfulPaintMs: number;
}

/** Reads the figures of the page's last load from the browser's own performance entries. */
export async function pageLoadFigures(page: Page): Promise<PageLoadFigures> {
  return page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
    });
    const javascriptBytes = performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => e.name.endsWith('.js'))
      .reduce((sum, e) => sum + e.transferSize, 0);
    return { javascriptBytes, largestContentfulPaintMs: lcp };
  });
}
