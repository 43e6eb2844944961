import { connectorHome } from "../home.ts";
import { logFolderProblem } from "./home-trust.ts";
import { appendFlags } from "./io.ts";
import { CHAIN_START, link, sealed } from "../audit/chain.ts";
import { auditDir, ledgerFile, rotation } from "../audit/settings.ts";
import type { LedgerFs } from "./libc-files.ts";

/**
 * Appends one record to the decision ledger, under the rules hook.log obeys (src/hook/io.ts,
 * src/hook/home-trust.ts): its folder is checked first, the file is opened without following a
 * symlink, created 0600 in a 0700 folder. Several processes write it (the daemon's workers, calls
 * in a process of their own): a lock file makes read-the-last-seal-then-append one step, so the
 * chain (src/audit/chain.ts) never forks. A lock left by a process killed while holding it goes stale after
 * STALE_LOCK_MS; a record is never dropped for want of the lock.
 */

type Env = Record<string, string | undefined>;
type Fs = LedgerFs;

const STALE_LOCK_MS = 2_000;
const LOCK_WAIT_MS = 3_000;
/** A record is a few KB at most (every text field is cut): the last one is in this much of a file's end. */
const TAIL_BYTES = 32_768;
/** A record is about 500 bytes: its end nearly always holds the last one whole. */
const FIRST_TAIL_BYTES = 4_096;

/**
 * Whether the record was written. Never throws: a ledger that cannot be written must not change the
 * call's answer. `refused` hears why a folder another user could change was not written to.
 */
export function appendRecord(fs: Fs, fields: Record<string, unknown>, env: Env = process.env, refused?: (why: string) => void): boolean {
  try {
    const dir = auditDir(env);
    let folder: unknown;
    const stat = (path: string) => {
      const found = fs.statSync(path, { throwIfNoEntry: false });
      if (path === dir) folder = found;
      return found;
    };
    const problem = process.platform === "win32" ? undefined : logFolderProblem(connectorHome(env), stat, "audit");
    if (problem) {
      refused?.(problem);
      return false;
    }
    // A folder the check found (so a folder of ours) is not made again, unless it is gone when the lock is taken.
    const make = () => void fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!folder) make();
    const unlock = lock(fs, `${dir}/.lock`, folder ? make : undefined);
    try {
      const { maxBytes, keep } = rotation(env);
      const path = ledgerFile(0, env);
      const current = lastSeal(fs, path);
      const last = current?.last ?? lastSeal(fs, ledgerFile(1, env))?.last;
      const line = `${sealed({ v: 1, seq: (last?.seq ?? 0) + 1, ...fields, prev: last?.hash ?? CHAIN_START })}\n`;
      // Its size as opened; what could not be opened (nothing there, a symlink) as lstat sees it.
      const size = (current ?? fs.lstatSync(path, { throwIfNoEntry: false }))?.size ?? 0;
      if (size && size + Buffer.byteLength(line) > maxBytes) rotate(fs, keep, env);
      fs.appendFileSync(path, line, { mode: 0o600, flag: appendFlags(fs.constants) });
      return true;
    } finally {
      unlock();
    }
  } catch {
    return false;
  }
}

/** decisions.jsonl becomes decisions.1.jsonl, and so on; the oldest beyond `keep` files is dropped. */
function rotate(fs: Fs, keep: number, env: Env): void {
  if (keep <= 1) return fs.unlinkSync(ledgerFile(0, env));
  for (let index = keep - 1; index >= 1; index--) {
    const from = ledgerFile(index - 1, env);
    if (fs.lstatSync(from, { throwIfNoEntry: false })) fs.renameSync(from, ledgerFile(index, env));
  }
}

/** Where a file's next record chains to (its last sealed record's `seq` and seal), and the file's size; undefined when it cannot be opened. */
interface Tail {
  last?: { seq: number; hash: string };
  size: number;
}

const NEWLINE = 0x0a;

/**
 * The last sealed record of a file, looked for from its end: first in FIRST_TAIL_BYTES, among the
 * lines wholly there; only when none is sealed, in TAIL_BYTES, line by line from the end as before
 * (the first piece too, cut or not). Either way the same line is found.
 */
function lastSeal(fs: Fs, path: string): Tail | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, (fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0)) as unknown as string);
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    for (const tail of size > FIRST_TAIL_BYTES ? [FIRST_TAIL_BYTES, TAIL_BYTES] : [TAIL_BYTES]) {
      const length = Math.min(size, tail);
      const bytes = Buffer.alloc(length);
      fs.readSync(fd, bytes, 0, length, size - length);
      // A line is whole when a newline is before it, or the file's start; the larger read takes its first piece as it is.
      const firstPieceCounts = length === size || tail === TAIL_BYTES;
      for (let end = length; end > 0; ) {
        const start = bytes.lastIndexOf(NEWLINE, end - 1);
        if (start < 0 && !firstPieceCounts) break;
        const last = start + 1 < end ? link(bytes.toString("utf8", start + 1, end)) : undefined;
        if (last) return { last, size };
        end = start;
      }
    }
    return { size };
  } finally {
    fs.closeSync(fd);
  }
}

/** Takes the lock file (created exclusively, never through a symlink); returns its release. `make` makes its folder, once, if it is not there. */
function lock(fs: Fs, path: string, make?: () => void): () => void {
  const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = fs.constants;
  const flags = (O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0)) as unknown as string;
  const giveUp = Date.now() + LOCK_WAIT_MS;
  try {
    fs.closeSync(fs.openSync(path, flags, 0o600));
    return () => release(fs, path);
  } catch (error) {
    return wait(fs, path, flags, giveUp, error, make);
  }
}

const release = (fs: Fs, path: string): void => {
  try {
    fs.unlinkSync(path);
  } catch {
    // Already broken as stale by another writer.
  }
};

/** The lock held by another writer (waited for, broken once stale), or its folder gone (made again, once): taken, or given up. */
function wait(fs: Fs, path: string, flags: string, giveUp: number, first: unknown, make?: () => void): () => void {
  for (let error = first; ; ) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" && make) {
      make();
      make = undefined;
    } else {
      if (code !== "EEXIST") return () => {};
      const since = fs.lstatSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) release(fs, path);
      else if (Date.now() > giveUp) return () => {};
      else Bun.sleepSync(1);
    }
    try {
      fs.closeSync(fs.openSync(path, flags, 0o600));
      return () => release(fs, path);
    } catch (next) {
      error = next;
    }
  }
}
