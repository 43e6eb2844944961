import { hookLogPath } from "../home.ts";
import { redact } from "./redact.ts";
import { oneLine } from "../one-line.ts";
import { logFolderProblem, logTarget } from "./home-trust.ts";

// Bun's writers, not process.stdout (Node's stream layer costs a compiled binary ~6 ms and ~7 MB)
// nor node:fs (~0.7 ms to load). The reply itself goes through stdout-guard.ts.
export const writeStderr = async (text: string): Promise<void> => void (await Bun.write(Bun.stderr, text));

/** hook.log stays under this size; one older file, hook.log.1, is kept. */
export const MAX_LOG_BYTES = 1_000_000;

const pending: Promise<unknown>[] = [];

type LogFs = Pick<typeof import("node:fs"), "appendFileSync" | "constants" | "mkdirSync" | "renameSync" | "statSync">;

/** Set where node:fs is loaded anyway (a daemon's worker): lines are written at once, before the reply is out. */
const logWriting: { syncFs: LogFs | undefined } = { syncFs: undefined };

/**
 * A daemon's worker writes each line as it is logged: its answer leaves before its process would
 * end, and a host (or a user reading hook.log) must find the line there as soon as the answer is,
 * as with a call in a process of its own, which flushes before it exits.
 */
export function writeLogsAtOnce(fs: LogFs): void {
  logWriting.syncFs = fs;
}

/** One line per failure (redacted, capped, one line whatever it holds: src/one-line.ts), so a fail-open that a user never saw on stderr can still be found. */
export function logLine(message: string): void {
  if (logTarget.refused) return;
  try {
    const line = oneLine(redact(message));
    if (logWriting.syncFs) appendWith(logWriting.syncFs, line);
    else pending[pending.length] = appendLog(line);
  } catch {
    // Called while user code's versions of the built-ins are in place (a stray error), and they failed: no line.
  }
}

/**
 * `message` logged unless it was the last one logged under `key`: a state every call meets (a
 * refused daemon folder) is one line in hook.log, not one a call, and a line again when it changes.
 */
export const logOnce = (key: string, message: string): void => logUnless(key, message, (last) => last === message);

/** `message` logged the first time `key` is met, never again (a new tool a host sends: one line). */
export const logFirst = (key: string, message: string): void => logUnless(key, message, (last) => last !== undefined);

function logUnless(key: string, message: string, seen: (last: string | undefined) => boolean): void {
  if (logTarget.refused) return;
  const marker = `${hookLogPath().slice(0, -"hook.log".length)}.last-${key}`;
  pending.push(
    Bun.file(marker)
      .text()
      .catch(() => undefined)
      .then(async (last) => {
        if (seen(last)) return;
        if (await appendLog(oneLine(redact(message)))) await Bun.write(marker, message, { mode: 0o600 }).catch(() => 0);
      }),
  );
}

/** Work done once the answer is out (a ledger record: audit-call.ts): flushLogs waits for it too. */
export const afterReply = (work: Promise<unknown>): void => void pending.push(work);

/** Waits for log lines still being written; call before exiting. */
export async function flushLogs(): Promise<void> {
  // Work done after the reply may log a line itself (src/hook/audit-call.ts): that one is waited for too.
  while (pending.length) {
    const lines = pending.splice(0);
    for (let i = 0; i < lines.length; i++) await lines[i];
  }
}

/** Whether the line was written. */
async function appendLog(message: string): Promise<boolean> {
  try {
    // Failures only: the happy path never loads node:fs.
    return appendWith(await import("node:fs"), message);
  } catch {
    // Logging must never turn a fail-open into a failure.
    return false;
  }
}

/**
 * What a hook.log line is appended with: never through a symlink (ELOOP), whatever one points at.
 * Node and Bun take the O_ flags as a number here; the types say only string.
 */
export const appendFlags = ({
  O_APPEND,
  O_CREAT,
  O_NOFOLLOW,
  O_WRONLY,
}: Pick<LogFs["constants"], "O_APPEND" | "O_CREAT" | "O_NOFOLLOW" | "O_WRONLY">): string =>
  (O_WRONLY | O_APPEND | O_CREAT | (O_NOFOLLOW ?? 0)) as unknown as string;

function appendWith({ appendFileSync, constants, mkdirSync, renameSync, statSync }: LogFs, message: string): boolean {
  try {
    const path = hookLogPath();
    // A line is written into a folder only this user (or root) can change (src/hook/home-trust.ts).
    if (process.platform !== "win32" && logFolderProblem(path.slice(0, -"/logs/hook.log".length), (p) => statSync(p, { throwIfNoEntry: false }))) return false;
    mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true, mode: 0o700 });
    const line = `${new Date().toISOString()} ${message}\n`;
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    if (size + line.length > MAX_LOG_BYTES) renameSync(path, `${path}.1`);
    appendFileSync(path, line, { mode: 0o600, flag: appendFlags(constants) });
    return true;
  } catch {
    // Logging must never turn a fail-open into a failure.
    return false;
  }
}
