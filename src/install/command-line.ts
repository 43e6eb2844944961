import { resolve } from "node:path";
import type { Registry } from "../registry/types.ts";

/** POSIX-shell and cmd.exe both take a double-quoted path; inside it only these need escaping. */
export const quote = (word: string): string =>
  /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, "\\$1")}"`;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How a host starts us: the compiled binary by absolute path (the host's PATH may lack it),
 * or, when run from source, bun with our entry file.
 */
export function selfInvocation(): string[] {
  // Code inside a compiled binary lives on Bun's embedded file system.
  const compiled = import.meta.path.includes("$bunfs") || import.meta.path.includes("~BUN");
  if (process.env.AGENT_CONNECTOR_BIN) return [process.env.AGENT_CONNECTOR_BIN];
  return compiled ? [process.execPath] : [process.execPath, resolve(import.meta.dir, "..", "cli.ts")];
}

/** The start of every hook command this binary writes; recorded with each install in the registry. */
export const currentInvocation = (): string => selfInvocation().map(quote).join(" ");

/** This binary's invocation and every one the registry recorded (a moved or upgraded binary's entries stay ours). */
export const knownInvocations = (registry: Registry): string[] => [
  ...new Set([currentInvocation(), ...Object.values(registry).flatMap((entry) => entry.installs.flatMap((install) => (install.invocation ? [install.invocation] : [])))]),
];

export function hookCommand(platform: string, event: string, connectorId: string, native = false, invocation = currentInvocation()): string {
  return [invocation, ...["hook", platform, event, ...(native ? ["--native"] : []), "--connector", connectorId].map(quote)].join(" ");
}

/** The words of an invocation `quote` wrote (e.g. one the registry recorded), unquoted again. */
export function invocationWords(invocation: string): string[] {
  return [...invocation.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]!));
}

/**
 * Recognises the commands hookCommand wrote, for one connector or (no id) for any: exactly, from
 * an invocation of ours to the connector id, so a user's own command that merely looks like ours
 * (another binary, a wrapper) is never taken for one. Ids are literals, never patterns.
 */
export function isOurCommand(platform: string, connectorId: string | undefined, invocations: readonly string[]): (command: string) => boolean {
  const id = connectorId === undefined ? "[a-z0-9][a-z0-9-]*" : escapeRegExp(quote(connectorId));
  const pattern = new RegExp(`^(?:${invocations.map(escapeRegExp).join("|")}) hook ${escapeRegExp(quote(platform))} [A-Za-z][\\w.-]*( --native)? --connector ${id}$`);
  return (command) => pattern.test(command);
}
