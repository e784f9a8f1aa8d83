import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';

export const TEST_METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One scrape: the families as a Prometheus text-format parser read them, and the text itself. */
export interface Scrape {
  families: MetricFamily[];
  text: string;
}

/** GET /metrics with the token; the parser throws on any line that is not valid text format. */
export async function scrape(baseUrl: string, token = TEST_METRICS_TOKEN): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return { families: parsePrometheusTextFormat(text), text };
}

const matches = (labels: Record<string, string> | undefined, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => labels?.[k] === v);

/** The sum of a counter's or gauge's samples whose labels include `labels` (0 when none). */
export function total({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  return (family?.metrics ?? [])
    .filter((m) => matches(m.labels, labels))
    .reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

/**
 * How many observations a histogram holds under `labels`, from its `_count` samples. Read from
 * the text: the parser folds a labelled histogram's series into one and drops their labels.
 */
export function observations({ text }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const sample = new RegExp(`^${name}_count\\{([^}]*)\\} (\\S+)$`, 'gm');
  let sum = 0;
  for (const [, labelText, value] of text.matchAll(sample)) {
    const found = Object.fromEntries([...labelText!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (matches(found, labels)) sum += Number(value);
  }
  return sum;
}

/** How far a counter moved between two scrapes, for the samples whose labels include `labels`. */
export const movedBetween =
  (before: Scrape, after: Scrape) =>
  (name: string, labels: Record<string, string> = {}): number =>
    total(after, name, labels) - total(before, name, labels);

/**
 * How far the lookups of one source moved between two scrapes, by outcome (`success`) or by
 * outcome and reason (`failed/invalid_zip_format`); a series that did not move is left out, so a
 * test states every outcome it caused and no other.
 */
export function lookupsMoved(before: Scrape, after: Scrape, source: string): Record<string, number> {
  const moved = movedBetween(before, after);
  const series = after.families.find((f) => f.name === 'zipfill_lookups_total')?.metrics ?? [];
  const bySeries: Record<string, number> = {};
  for (const { labels = {} } of series) {
    if (labels.source !== source) continue;
    const by = moved('zipfill_lookups_total', labels);
    if (by !== 0) bySeries[labels.reason ? `${labels.outcome}/${labels.reason}` : labels.outcome!] = by;
  }
  return bySeries;
}
