// The parts of parse-prometheus-text-format (no types of its own) the metrics tests read.
declare module 'parse-prometheus-text-format' {
  export interface MetricSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms: cumulative counts by upper bound, and the count and sum of observations. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface MetricFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: MetricSample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
