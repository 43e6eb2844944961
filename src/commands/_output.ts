import { createConsola } from "consola";
import { writeSync } from "node:fs";
import { writeWhole } from "../write-whole.ts";
import { visible } from "../one-line.ts";

/**
 * Human output goes to stderr; stdout is for --json documents, diffs and the hook protocol. What it
 * says may quote a path or an error another program made: nothing in it may hide or forge a line
 * (src/one-line.ts), so each text goes through `visible` before consola's own reporter.
 */
export const ui = createConsola({ stdout: process.stderr, stderr: process.stderr, fancy: false, formatOptions: { date: false } } as Parameters<
  typeof createConsola
>[0]);
const [reporter] = ui.options.reporters;
if (reporter)
  ui.setReporters([{ log: (logObj, ctx) => reporter.log({ ...logObj, args: logObj.args.map((arg) => (typeof arg === "string" ? visible(arg) : arg)) }, ctx) }]);

/** Whole, whatever reads it and however late (src/write-whole.ts; `explain --json` is more than a pipe holds). */
export function printStdout(text: string): void {
  writeWhole(writeSync, 1, Buffer.from(text.endsWith("\n") ? text : `${text}\n`));
}

export const printJson = (value: unknown): void => printStdout(JSON.stringify(value, null, 2));

/** Resolves once what was written to process.stdout and process.stderr (consola writes there) has gone out: before an explicit exit. */
export const outputDrained = (): Promise<unknown> =>
  Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => (stream.write("", () => resolve()) ? undefined : undefined))));

/** Shortens paths under HOME for humans. */
export const tilde = (path: string, home: string): string => (home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path);
