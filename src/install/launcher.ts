/**
 * The launcher we write into a host's hooks folder (Cline: one executable per event): a few lines
 * that start `agent-connector hook <platform> <event> --connector <id>` with the host's stdin and
 * hand back its stdout and exit code. Several connectors on one event share it (`--connector a
 * --connector b`: the host runs one file per name; docs/decisions/shared-launcher.md). Ours is
 * recognised by its exact content, never by a pattern: a file is ours when it is byte for byte what
 * `renderLauncher` makes from one of our invocations.
 */
import { invocationWords } from "./command-line.ts";
import { renderInvocation } from "./shells.ts";
import { FAIL_CLOSED_FLAG } from "../core/on-failure.ts";

export type LauncherFlavour = "sh" | "cmd" | "ps1";

export interface LauncherFor {
  platform: string;
  /** The normalized event (or the native one for platforms.<id>.nativeHooks). */
  event: string;
  connectorId: string;
  native: boolean;
  /** The host hands the call over in environment variables (Mux): stdin is not the payload and may never close. */
  noStdin?: boolean;
  /** The definition fails closed (`onFailure: "deny"`). */
  failClosed?: boolean;
  /** The connectors after the first that share this launcher, in the order their answers merge. */
  more?: readonly LauncherConnector[];
}

/** One connector a launcher serves, and whether its definition fails closed. */
export interface LauncherConnector {
  id: string;
  failClosed?: boolean;
}

/** Every connector a launcher serves, the first one's words first. */
export const connectorsOf = ({ connectorId, failClosed, more }: LauncherFor): LauncherConnector[] => [
  { id: connectorId, ...(failClosed ? { failClosed } : {}) },
  ...(more ?? []),
];

/** The first line after the shebang: says what wrote the file and that uninstall removes it. */
const marker = (target: LauncherFor) =>
  `agent-connector launcher: ${target.platform} ${target.event}${target.native ? " (native)" : ""} for ${
    target.more?.length
      ? `connectors ${connectorsOf(target)
          .map((c) => c.id)
          .join(", ")}`
      : `connector ${target.connectorId}`
  }; written by agent-connector install, removed by its uninstall`;

const argv = (target: LauncherFor) => [
  "hook",
  target.platform,
  target.event,
  ...(target.native ? ["--native"] : []),
  ...connectorsOf(target).flatMap(({ id, failClosed }) => ["--connector", id, ...(failClosed ? [FAIL_CLOSED_FLAG] : [])]),
];

/**
 * cmd.exe reading a batch file (not a `cmd /c` line, src/install/shells.ts): there a double-quoted
 * word takes `""` for a quote and `%` is written `%%`.
 */
const cmdWord = (word: string) => (/^[A-Za-z0-9_./:@+=,\\-]+$/.test(word) ? word : `"${word.replace(/"/g, '""').replace(/%/g, "%%")}"`);

/** The launcher text for `invocation` (how our binary is started, as command-line.ts writes it). */
export function renderLauncher(flavour: LauncherFlavour, invocation: string, target: LauncherFor): string {
  const words = [...invocationWords(invocation), ...argv(target)];
  switch (flavour) {
    case "sh":
      // exec: the host's stdin, stdout and exit code are the binary's own, and no shell lingers.
      // The words after the invocation are plain (`hook`, names, ids [a-z0-9-]): no quoting.
      // No payload on stdin (Mux): /dev/null, so the hook never waits for a stdin the host keeps open.
      return `#!/bin/sh\n# ${marker(target)}\nexec ${[invocation, ...argv(target)].join(" ")}${target.noStdin ? " </dev/null" : ""}\n`;
    case "cmd":
      return `@echo off\r\nrem ${marker(target)}\r\n${words.map(cmdWord).join(" ")}${target.noStdin ? " <NUL" : ""}\r\nexit /b %ERRORLEVEL%\r\n`;
    case "ps1":
      // $input is the script's stdin (the host's payload), piped on to the binary; a .ps1 line is
      // quoted as PowerShell reads any command line.
      return `# ${marker(target)}\n${target.noStdin ? "" : "$input | "}${renderInvocation(words, "powershell")}\nexit $LASTEXITCODE\n`;
  }
}

/** A launcher of ours as it was rendered: whom it serves, for which event, started how. */
export interface FoundLauncher {
  connectors: LauncherConnector[];
  event: string;
  native: boolean;
  invocation: string;
}

/** More connectors than this on one launcher are not looked for (each one's fail-closed flag doubles the renders tried). */
const MAX_SHARED = 8;

/**
 * What a launcher of ours serves, when `text` is exactly what one of `invocations` renders for this
 * platform and event file; undefined for anything else (a user's own hook, an edited launcher).
 */
export function readLauncher(
  text: string,
  flavour: LauncherFlavour,
  invocations: readonly string[],
  platform: string,
  events: readonly { event: string; native: boolean }[],
  noStdin = false,
): FoundLauncher | undefined {
  const named =
    /agent-connector launcher: \S+ \S+(?: \(native\))? for (?:connector ([a-z0-9][a-z0-9-]*)|connectors ([a-z0-9][a-z0-9-]*(?:, [a-z0-9][a-z0-9-]*)+));/.exec(
      text,
    );
  const ids = named?.[1] ? [named[1]] : named?.[2]?.split(", ");
  if (!ids || ids.length > MAX_SHARED) return undefined;
  for (const invocation of invocations) {
    for (const { event, native } of events) {
      // Each connector's fail-closed flag, every combination (bit i: the i-th connector's).
      for (let flags = 0; flags < 1 << ids.length; flags++) {
        const connectors = ids.map((id, i) => ({ id, ...(flags & (1 << i) ? { failClosed: true } : {}) }));
        const [first, ...more] = connectors;
        const target = { platform, event, native, noStdin, connectorId: first!.id, failClosed: first!.failClosed, ...(more.length ? { more } : {}) };
        if (renderLauncher(flavour, invocation, target) === text) return { connectors, event, native, invocation };
      }
    }
  }
  return undefined;
}
