/**
 * The launcher we write into a host's hooks folder (Cline: one executable per event): a few lines
 * that start `agent-connector hook <platform> <event> --connector <id>` with the host's stdin and
 * hand back its stdout and exit code. Ours is recognised by its exact content, never by a pattern:
 * a file is ours when it is byte for byte what `renderLauncher` makes from one of our invocations.
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
}

/** The first line after the shebang: says what wrote the file and that uninstall removes it. */
const marker = ({ platform, event, connectorId, native }: LauncherFor) =>
  `agent-connector launcher: ${platform} ${event}${native ? " (native)" : ""} for connector ${connectorId}; written by agent-connector install, removed by its uninstall`;

const argv = ({ platform, event, connectorId, native, failClosed }: LauncherFor) => [
  "hook",
  platform,
  event,
  ...(native ? ["--native"] : []),
  "--connector",
  connectorId,
  ...(failClosed ? [FAIL_CLOSED_FLAG] : []),
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

/**
 * The connector a launcher of ours serves, when `text` is exactly what one of `invocations` renders
 * for this platform and event file; undefined for anything else (a user's own hook, an edited launcher).
 */
export function launcherOwner(
  text: string,
  flavour: LauncherFlavour,
  invocations: readonly string[],
  platform: string,
  events: readonly { event: string; native: boolean }[],
  noStdin = false,
): string | undefined {
  const id = /agent-connector launcher: \S+ \S+(?: \(native\))? for connector ([a-z0-9][a-z0-9-]*);/.exec(text)?.[1];
  if (!id) return undefined;
  for (const invocation of invocations) {
    for (const { event, native } of events) {
      for (const failClosed of [false, true])
        if (renderLauncher(flavour, invocation, { platform, event, connectorId: id, native, noStdin, failClosed }) === text) return id;
    }
  }
  return undefined;
}
