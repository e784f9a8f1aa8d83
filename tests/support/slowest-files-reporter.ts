import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const REPORT = 'test-results/file-durations.json';

/**
 * Names the ten slowest test files at the end of a run (each file's import, hooks and tests), and
 * writes every file's time to test-results/file-durations.json: what to profile when CI slows.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly files: { file: string; seconds: number }[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const seconds = (d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
    this.files.push({
      file: relative(process.cwd(), module.moduleId),
      seconds: Math.round(seconds * 10) / 10,
    });
  }

  onTestRunEnd(): void {
    const slowest = [...this.files].sort((a, b) => b.seconds - a.seconds);
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify(slowest, null, 2)}\n`);
    const total = slowest.reduce((sum, f) => sum + f.seconds, 0);
    console.log(`\nThe ten slowest of ${slowest.length} test files (${Math.round(total)} s in all):`);
    for (const { file, seconds } of slowest.slice(0, 10))
      console.log(`${seconds.toFixed(1).padStart(8)} s  ${file}`);
  }
}
