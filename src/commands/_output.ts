import { createConsola } from "consola";
import { writeSync } from "node:fs";

/** Human output goes to stderr; stdout is for --json documents, diffs and the hook protocol. */
export const ui = createConsola({ stdout: process.stderr, stderr: process.stderr, fancy: false, formatOptions: { date: false } } as Parameters<
  typeof createConsola
>[0]);

/**
 * Whole, whatever reads it: stdout may be a non-blocking pipe, where one write takes at most what
 * the pipe holds (64 KiB on Linux; `explain --json` is more) and a full pipe answers EAGAIN.
 */
export function printStdout(text: string): void {
  let rest = Buffer.from(text.endsWith("\n") ? text : `${text}\n`);
  while (rest.length) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      Bun.sleepSync(1); // the reader has not caught up yet
    }
  }
}

export const printJson = (value: unknown): void => printStdout(JSON.stringify(value, null, 2));

/** Resolves once what was written to process.stdout and process.stderr (consola writes there) has gone out: before an explicit exit. */
export const outputDrained = (): Promise<unknown> =>
  Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => (stream.write("", () => resolve()) ? undefined : undefined))));

/** Shortens paths under HOME for humans. */
export const tilde = (path: string, home: string): string => (home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path);
