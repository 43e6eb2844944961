import { closeSync, constants, mkdirSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from "node:fs";

/**
 * Which daemon ships to a target: `audit/otlp/<target id>.lock`, holding its pid. Two daemons can
 * serve one home at once (two builds, say the user's binary and the managed copy, or an old one
 * still leaving after an upgrade); without this both would send each record. The holder touches
 * the file every round; a lock whose pid is gone, or untouched for STALE_MS (a pid reused by
 * another process), is taken over. The holder checks the file is still its own before it sends
 * and before it moves the cursor.
 */
const STALE_MS = 60_000;
/** An empty lock is one being written (created, its pid not in yet), unless it is older than this. */
const BEING_WRITTEN_MS = 2_000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

export class Claim {
  constructor(private readonly path: string) {}

  private owner(): number | undefined {
    try {
      return Number(readFileSync(this.path, "utf8")) || undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether this process holds the target now (taking it when it is free or stale). */
  hold(now = Date.now()): boolean {
    const owner = this.owner();
    if (owner === process.pid) {
      try {
        utimesSync(this.path, now / 1000, now / 1000);
      } catch {
        // Removed meanwhile: taken again next round.
      }
      return true;
    }
    const touched = statSync(this.path, { throwIfNoEntry: false })?.mtimeMs;
    if (touched !== undefined && now - touched < (owner === undefined ? BEING_WRITTEN_MS : STALE_MS) && (owner === undefined || alive(owner))) return false;
    if (touched !== undefined) rmSync(this.path, { force: true });
    try {
      mkdirSync(this.path.slice(0, this.path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
      const fd = openSync(this.path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
    } catch {
      return false; // another daemon took it first
    }
    return this.owner() === process.pid;
  }

  /** Whether the lock is still this process's (read, not touched). */
  held(): boolean {
    return this.owner() === process.pid;
  }

  release(): void {
    if (this.held()) rmSync(this.path, { force: true });
  }
}
