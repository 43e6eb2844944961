import { once } from "../once.ts";
import { resolve } from "node:path";
import type { CommandShell, HookFileSpec } from "../adapter.ts";
import type { Registry } from "../registry/types.ts";
import { hookBinary, isCompiled, type HookBinary } from "./self/location.ts";
import { FAIL_CLOSED_FLAG } from "../core/on-failure.ts";
import { escapeRegExp } from "../escape-regexp.ts";
import { plainWord as quote, renderArgument, renderInvocation, SHELLS } from "./shells.ts";

/** POSIX-shell quoting of one word (what doctor and status print and run through sh). */
export { quote };

/** The shell a host runs a hook file's commands with on `platform` (default: this machine). */
export const commandShell = (spec: HookFileSpec, platform: string = process.platform): CommandShell =>
  platform === "win32" ? (spec.windows?.shell ?? "cmd") : "posix";

/** The binary hook commands call (src/install/self/location.ts: the stable path where there is one), chosen once per run. */
export const hookBinaryChoice = once((): HookBinary => hookBinary(process.execPath));

/**
 * How a host starts us: the compiled binary by absolute path (the host's PATH may lack it),
 * or, when run from source, bun with our entry file.
 */
export function selfInvocation(): string[] {
  if (process.env.AGENT_CONNECTOR_BIN) return [process.env.AGENT_CONNECTOR_BIN];
  return isCompiled() ? [hookBinaryChoice().path] : [process.execPath, resolve(import.meta.dir, "..", "cli.ts")];
}

/** The start of every hook command this binary writes for `shell`; recorded with each install in the registry. */
export const currentInvocation = (shell: CommandShell = "posix", binary: readonly string[] = selfInvocation()): string => renderInvocation(binary, shell);

/** This binary's invocation in every shell's spelling and every one the registry recorded (a moved or upgraded binary's entries stay ours). */
export const knownInvocations = (registry: Registry): string[] => [
  ...new Set([
    ...SHELLS.flatMap((shell) => {
      try {
        return [currentInvocation(shell)];
      } catch {
        return []; // a path one shell cannot take is never written for it
      }
    }),
    ...Object.values(registry).flatMap((entry) => entry.installs.flatMap((install) => (install.invocation ? [install.invocation] : []))),
  ]),
];

/**
 * `configPath`: for managed hooks, which run for every user of the machine: they name the config
 * itself, since each user's registry knows nothing of it.
 */
export function hookCommand(
  platform: string,
  event: string,
  connectorId: string,
  { native = false, failClosed = false }: { native?: boolean; failClosed?: boolean } = {},
  shell: CommandShell = "posix",
  binary?: readonly string[],
  configPath?: string,
): string {
  const flags = [...(native ? ["--native"] : []), "--connector", connectorId, ...(failClosed ? [FAIL_CLOSED_FLAG] : [])];
  const words = [currentInvocation(shell, binary), ...["hook", platform, event, ...flags].map(quote)];
  if (configPath) words.push("--config", renderArgument(configPath, shell));
  return words.join(" ");
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
  const pattern = new RegExp(
    `^(?:${invocations.map(escapeRegExp).join("|")}) hook ${escapeRegExp(quote(platform))} [A-Za-z][\\w.-]*( --native)? --connector ${id}( ${FAIL_CLOSED_FLAG})?( --config .+)?$`,
  );
  return (command) => pattern.test(command);
}
