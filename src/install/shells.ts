import type { CommandShell } from "../adapter.ts";

/**
 * A hook command is one line a host hands to a shell. Only its first word can need quoting (the
 * binary's path); the words after it are ours and plain (`hook`, host and event names, connector
 * ids `[a-z0-9-]`). Each shell gets the path in the one form it reads back verbatim.
 */

/** Words every shell here takes as they are. */
const PLAIN = /^[A-Za-z0-9_.:/@%+=,-]+$/;
const PLAIN_WINDOWS = /^[A-Za-z0-9_.:\\/-]+$/;

export class UnquotablePathError extends Error {}

/** sh on Linux and macOS: double quotes, with the four characters special inside them escaped. */
const posix = (word: string): string => (PLAIN.test(word) ? word : `"${word.replace(/(["\\$`])/g, "\\$1")}"`);

/** Git Bash (Claude Code on Windows): single quotes keep backslashes; a single quote closes, is escaped, reopens. */
const bash = (word: string): string => (PLAIN.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

/**
 * cmd.exe (`cmd /d /s /c "<line>"`, as Node and Rust hosts start it): double quotes make `&|<>^()`
 * and spaces literal; `%NAME%` is expanded even inside them and `"` cannot be escaped there.
 */
function cmd(word: string): string {
  if (/["%\r\n]/.test(word))
    throw new UnquotablePathError(
      `${word} cannot be written into a cmd.exe command line (it holds " or %); set AGENT_CONNECTOR_HOME to a folder without them and self-install again`,
    );
  return PLAIN_WINDOWS.test(word) ? word : `"${word}"`;
}

/**
 * PowerShell: a quoted first word is a string expression, so the call operator runs it; single
 * quotes are verbatim, a quote inside (PowerShell also takes ‘ ’ ‚ ‛ as quotes) doubled.
 */
const powershell = (word: string): string => (PLAIN_WINDOWS.test(word) ? word : `& '${word.replace(/['‘’‚‛]/g, "$&$&")}'`);

const RENDER: Record<CommandShell, (word: string) => string> = { posix, bash, cmd, powershell };

/** The binary's invocation (its path, or bun and our entry file) as the first words of a command line for `shell`. */
export const renderInvocation = (argv: readonly string[], shell: CommandShell): string =>
  argv.map((word, i) => (i === 0 ? RENDER[shell](word) : shell === "powershell" ? powershellArgument(word) : RENDER[shell](word))).join(" ");

/** Later words in PowerShell: quoted, they are plain string arguments (no call operator). */
const powershellArgument = (word: string): string => (PLAIN_WINDOWS.test(word) ? word : `'${word.replace(/['‘’‚‛]/g, "$&$&")}'`);

/** A later word that may need quoting (a config path) for `shell`. */
export const renderArgument = (word: string, shell: CommandShell): string => (shell === "powershell" ? powershellArgument(word) : RENDER[shell](word));

/** Our own plain words (host, event, id) are the same in every shell. */
export const plainWord = posix;

export const SHELLS: readonly CommandShell[] = ["posix", "bash", "cmd", "powershell"];
