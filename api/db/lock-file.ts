import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** What /proc tells about a process: its state letter and when it started (ticks since boot). */
interface ProcStat {
  state: string;
  startTime: string;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may itself hold spaces and ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of proc(5), starttime field 22.
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** Who holds the lock: the pid and, where /proc exists, when that process started. */
function owner(): string {
  const startTime = procStat(process.pid)?.startTime;
  return startTime ? `${process.pid} ${startTime}` : String(process.pid);
}

/**
 * Whether the process that wrote the lock still runs. A zombie (killed, not yet reaped by its
 * parent: the usual case right after a crash when nothing reaps) is dead, and so is a live
 * process that only reuses the pid (it started at another time than the one recorded).
 */
function ownerIsAlive(pid: number, startTime: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return startTime === undefined || stat.startTime === startTime;
}

/**
 * Takes the data folder for this process. PGlite lets two processes open one folder without
 * complaint and both write to it, so the lock is what keeps the data intact. A lock left by a
 * process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'zipfill.lock');
  const me = owner();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A process that opens and closes many folders (a test worker) would otherwise gather listeners.
        process.removeListener('exit', release);
        try {
          if (readFileSync(path, 'utf8').trim() === me) rmSync(path, { force: true });
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText = '', startTime] = readFileSync(path, 'utf8').trim().split(' ');
      const pid = Number(pidText);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && ownerIsAlive(pid, startTime)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
