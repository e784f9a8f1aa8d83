import { missingUnderCi, skipNotices } from './optional-suites';

/** vitest's globalSetup: before any suite runs, one line for each group of suites left out. */
export default function announceSkipped(): void {
  for (const line of skipNotices()) console.log(line);
  const missing = missingUnderCi();
  if (missing.length > 0) throw new Error(missing.join('\n'));
}
