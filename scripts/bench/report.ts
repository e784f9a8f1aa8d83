import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

export type BenchRow = Record<string, string | number>;

export interface BenchResult {
  name: string;
  rows: BenchRow[];
}

/** What a figure means depends on the box it ran on, so every result file carries it. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}

/**
 * The machine's load average over the last minute, beside each figure: on a shared 2-core box a
 * run at load 20 and one at load 2 differ fivefold, so a figure without it says little.
 */
export const loadAverage = () => os.loadavg()[0]!.toFixed(2);

/**
 * CPU time spent so far by this process and, when it runs on this machine, by every PostgreSQL
 * server process (from /proc, in clock ticks of 10 ms): work done per lookup, which a busy
 * machine slows but does not inflate the way it does a rate.
 */
export function cpuMs(): { process: number; postgres: number | undefined } {
  const own = process.cpuUsage();
  return { process: (own.user + own.system) / 1000, postgres: postgresServerCpuMs() };
}

function postgresServerCpuMs(): number | undefined {
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres' && !name.startsWith('postgres:')) continue;
      // Fields after the name: state is the 3rd field of stat, utime the 14th and stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? ticks * 10 : undefined;
}

/**
 * The lookups offered before a lookup bench measures anything, so that it measures the service
 * as it runs, not its first minutes: JIT and pools. A second of 200/s was too short for that. On
 * PostgreSQL, three steps of 2,000 lookups at 500/s after it took 1.58, 1.35 and 1.08 ms of CPU
 * a lookup, with a p99 of 150, 105 and 77 ms (scripts/bench/README.md, session 28).
 */
export const LOOKUPS_WARM_UP = { perSec: 500, seconds: 8 } as const;

/** A figure as a share of the limit measured beside it ("62%"); empty without a limit. */
export const shareOf = (figure: number, limit: number) =>
  limit > 0 ? `${Math.round((figure / limit) * 100)}%` : '';

/** The value at percentile p (0-100) of ascending values; 0 for none. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Writes `bench-results/<name>.json` (figures, machine, time) and returns its path. */
export function writeBenchResult(name: string, result: BenchResult, dir = 'bench-results'): string {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.json`);
  const body = { ...result, name, timestamp: new Date().toISOString(), machine: machineInfo() };
  writeFileSync(path, JSON.stringify(body, null, 2) + '\n');
  return path;
}

/** The rows as an aligned text table: numbers to the right, text to the left. */
export function formatTable(rows: readonly BenchRow[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) =>
    v === undefined ? '' : typeof v === 'number' ? v.toLocaleString('en-US') : v;
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: (string | number | undefined)[], header = false) =>
    values
      .map((v, i) => {
        const text = header ? String(v) : cell(v);
        return typeof v === 'number' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
      })
      .join('  ');
  return [
    line(columns, true),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(columns.map((c) => r[c]))),
  ].join('\n');
}
