import { createConsola } from "consola";
import { writeSync } from "node:fs";

/** Human output goes to stderr; stdout is for --json documents, diffs and the hook protocol. */
export const ui = createConsola({ stdout: process.stderr, stderr: process.stderr, fancy: false, formatOptions: { date: false } } as Parameters<typeof createConsola>[0]);

export const printStdout = (text: string): void => void writeSync(1, text.endsWith("\n") ? text : `${text}\n`);

export const printJson = (value: unknown): void => printStdout(JSON.stringify(value, null, 2));

/** Shortens paths under HOME for humans. */
export const tilde = (path: string, home: string): string => (home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path);
