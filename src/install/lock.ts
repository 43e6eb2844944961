import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { connectorHome } from "../home.ts";
import { HostConfigError } from "../host-config/errors.ts";

/**
 * One install or uninstall at a time per $AGENT_CONNECTOR_HOME: the registry, the backups and
 * every host file they point at are read, changed and written as one set, so N parallel runs end
 * as some serial order of them would. An advisory lock file created exclusively, holding its
 * owner's pid; a lock whose owner is gone (killed mid-install) is taken over.
 */

const WAIT_MS = 120_000;
/** A lock file still empty or torn this long after its creation belongs to a dead writer. */
const TORN_AFTER_MS = 5_000;

interface Owner {
  pid: number;
  host: string;
  since: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readOwner(lock: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lock, "utf8")) as Owner;
    return typeof owner.pid === "number" ? owner : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is someone else's.
    return (error as { code?: string }).code === "EPERM";
  }
}

function isStale(lock: string): boolean {
  const owner = readOwner(lock);
  if (owner) return owner.host === hostname() && !alive(owner.pid);
  try {
    return Date.now() - statSync(lock).mtimeMs > TORN_AFTER_MS;
  } catch {
    return false; // gone already: the next attempt takes it
  }
}

function tryCreate(path: string, content: string): boolean {
  try {
    const fd = openSync(path, "wx", 0o600);
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Takes a stale lock away. Two waiters may find the same stale lock: only the one holding the
 * breaker file removes it, after checking it is still the stale one (not a fresh lock of a third).
 */
function breakStale(lock: string): void {
  const breaker = `${lock}.break`;
  if (!tryCreate(breaker, String(process.pid))) {
    if (isStale(breaker)) rmSync(breaker, { force: true });
    return;
  }
  try {
    if (isStale(lock)) rmSync(lock, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}

/** Runs `fn` holding the install lock (a dry run, which writes nothing, needs none); waits for another holder, up to two minutes. */
export async function withInstallLock<T>(
  fn: () => Promise<T> | T,
  options: { dryRun: boolean },
  env: Record<string, string | undefined> = process.env,
): Promise<T> {
  if (options.dryRun) return fn();
  const home = connectorHome(env);
  // 0700, whatever the umask: a home others can write to is refused (src/install/home-trust.ts).
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const lock = join(home, "install.lock");
  const owner: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; !tryCreate(lock, JSON.stringify(owner)); attempt++) {
    if (isStale(lock)) {
      breakStale(lock);
      continue;
    }
    if (Date.now() > deadline) {
      const holder = readOwner(lock);
      throw new HostConfigError(
        lock,
        `another install or uninstall${holder ? ` (pid ${holder.pid})` : ""} has held this lock for over ${WAIT_MS / 1000} s; if none is running, remove the file`,
      );
    }
    await sleep(Math.min(100, 5 + attempt * 5) * (0.5 + Math.random()));
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
