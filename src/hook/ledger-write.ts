import { connectorHome } from "../home.ts";
import { logFolderProblem } from "./home-trust.ts";
import { appendFlags } from "./io.ts";
import { CHAIN_START, sealed, unseal } from "../audit/chain.ts";
import { auditDir, ledgerFile, rotation } from "../audit/settings.ts";

/**
 * Appends one record to the decision ledger, under the rules hook.log obeys (src/hook/io.ts,
 * src/hook/home-trust.ts): its folder is checked first, the file is opened without following a
 * symlink, created 0600 in a 0700 folder. Several processes write it (the daemon's workers, calls
 * in a process of their own): a lock file makes read-the-last-seal-then-append one step, so the
 * chain (src/audit/chain.ts) never forks. A lock left by a process killed while holding it goes stale after
 * STALE_LOCK_MS; a record is never dropped for want of the lock.
 */

type Env = Record<string, string | undefined>;
type Fs = typeof import("node:fs");

const STALE_LOCK_MS = 2_000;
const LOCK_WAIT_MS = 3_000;
/** A record is a few KB at most (every text field is cut): the last one is in this much of a file's end. */
const TAIL_BYTES = 32_768;

/** Whether the record was written. Never throws: a ledger that cannot be written must not change the call's answer. */
export function appendRecord(fs: Fs, fields: Record<string, unknown>, env: Env = process.env): boolean {
  try {
    const stat = (path: string) => fs.statSync(path, { throwIfNoEntry: false });
    if (process.platform !== "win32" && logFolderProblem(connectorHome(env), stat, "audit")) return false;
    const dir = auditDir(env);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const unlock = lock(fs, `${dir}/.lock`);
    try {
      const { maxBytes, keep } = rotation(env);
      const last = lastSeal(fs, ledgerFile(0, env)) ?? lastSeal(fs, ledgerFile(1, env));
      const line = `${sealed({ v: 1, seq: (last?.seq ?? 0) + 1, ...fields, prev: last?.hash ?? CHAIN_START })}\n`;
      const path = ledgerFile(0, env);
      const size = fs.lstatSync(path, { throwIfNoEntry: false })?.size ?? 0;
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

/** The last sealed record of a file: its sequence number and seal. */
function lastSeal(fs: Fs, path: string): { seq: number; hash: string } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, (fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0)) as unknown as string);
  } catch {
    return undefined;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    fs.readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString("utf8").split("\n");
    for (let i = lines.length - 1; i >= 0; i--) {
      const { record, hash } = unseal(lines[i]!);
      if (hash && typeof record?.seq === "number") return { seq: record.seq, hash };
    }
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** Takes the lock file (created exclusively, never through a symlink); returns its release. */
function lock(fs: Fs, path: string): () => void {
  const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY } = fs.constants;
  const flags = (O_WRONLY | O_CREAT | O_EXCL | (O_NOFOLLOW ?? 0)) as unknown as string;
  const giveUp = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(path, flags, 0o600));
      return () => {
        try {
          fs.unlinkSync(path);
        } catch {
          // Already broken as stale by another writer.
        }
      };
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") return () => {};
      const since = fs.lstatSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > STALE_LOCK_MS) {
        try {
          fs.unlinkSync(path);
        } catch {
          // Another writer broke it first.
        }
        continue;
      }
      if (Date.now() > giveUp) return () => {};
      Bun.sleepSync(1);
    }
  }
}
