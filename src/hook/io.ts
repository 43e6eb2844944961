import { appendFileSync, mkdirSync, writeSync } from "node:fs";
import { join } from "node:path";
import { connectorHome } from "../home.ts";

// fd writes, not process.stdout: Node's stream layer costs a compiled Bun binary ~6 ms and ~7 MB.
export const writeStdout = (text: string): void => void writeSync(1, text);
export const writeStderr = (text: string): void => void writeSync(2, text);

export const hookLogPath = (): string => join(connectorHome(), "logs", "hook.log");

/** One line per failure, so a fail-open that a user never saw on stderr can still be found. */
export function logLine(message: string): void {
  try {
    const path = hookLogPath();
    mkdirSync(join(path, ".."), { recursive: true });
    appendFileSync(path, `${new Date().toISOString()} ${message}\n`);
  } catch {
    // Logging must never turn a fail-open into a failure.
  }
}
