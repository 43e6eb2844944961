import { hookLogPath } from "../home.ts";

// Bun's writers, not process.stdout (Node's stream layer costs a compiled binary ~6 ms and ~7 MB)
// nor node:fs (~0.7 ms to load).
export const writeStdout = async (text: string): Promise<void> => void (await Bun.write(Bun.stdout, text));
export const writeStderr = async (text: string): Promise<void> => void (await Bun.write(Bun.stderr, text));

export { hookLogPath };

const pending: Promise<void>[] = [];

/** One line per failure, so a fail-open that a user never saw on stderr can still be found. */
export function logLine(message: string): void {
  pending.push(appendLog(message));
}

/** Waits for log lines still being written; call before exiting. */
export const flushLogs = async (): Promise<void> => void (await Promise.all(pending));

async function appendLog(message: string): Promise<void> {
  try {
    // Failures only: the happy path never loads node:fs.
    const { appendFileSync, mkdirSync } = await import("node:fs");
    const { dirname } = await import("node:path");
    const path = hookLogPath();
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, `${new Date().toISOString()} ${message}\n`);
  } catch {
    // Logging must never turn a fail-open into a failure.
  }
}
