import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../api/db/lock-file';

const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
};

async function until(check: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the data folder lock', () => {
  const folders: string[] = [];
  const children: ChildProcess[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'zipfill-lock-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A shell whose background child exits and is never reaped: exec replaces the shell with sleep. */
  async function zombie(): Promise<number> {
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const pid = await new Promise<number>((resolve) =>
      parent.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
    await until(() => stateOf(pid) === 'Z');
    return pid;
  }

  it('leaves nothing behind in the process once released, however many folders it opens and closes', () => {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) lockDataDir(folder())();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('refuses a folder held by a live process, naming its pid', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    const live = spawn('sleep', ['30']);
    children.push(live);
    release();
    writeFileSync(join(dir, 'zipfill.lock'), String(live.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${live.pid})`);
  });

  it('takes over a folder whose owner was killed but is still an unreaped zombie', async () => {
    const dir = folder();
    const pid = await zombie();
    writeFileSync(join(dir, 'zipfill.lock'), String(pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'zipfill.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
  });

  it('takes over a folder whose recorded owner is gone and whose pid now belongs to another process', () => {
    const dir = folder();
    const other = spawn('sleep', ['30']);
    children.push(other);
    // The pid runs, but it started at another moment than the one the lock recorded.
    writeFileSync(join(dir, 'zipfill.lock'), `${other.pid} 1`);
    const release = lockDataDir(dir);
    release();
  });

  it('refuses a folder whose recorded owner still runs as recorded', () => {
    const dir = folder();
    const other = spawn('sleep', ['30']);
    children.push(other);
    const started = readFileSync(`/proc/${other.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(join(dir, 'zipfill.lock'), `${other.pid} ${started}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a folder left by a process that exited', async () => {
    const dir = folder();
    const gone = spawn('true');
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dir, 'zipfill.lock'), String(gone.pid));
    lockDataDir(dir)();
  });
});
