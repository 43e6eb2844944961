import { resolve } from "node:path";

/** POSIX-shell and cmd.exe both take a double-quoted path; inside it only these need escaping. */
export const quote = (word: string): string =>
  /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `"${word.replace(/(["\\$`])/g, "\\$1")}"`;

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

export function hookCommand(platform: string, event: string, connectorId: string, native = false): string {
  return [...selfInvocation(), "hook", platform, event, ...(native ? ["--native"] : []), "--connector", connectorId].map(quote).join(" ");
}

/** Recognises the commands hookCommand writes, for one connector or (no id) for any. */
export function isOurCommand(platform: string, connectorId?: string): (command: string) => boolean {
  const id = connectorId ?? "[a-z0-9][a-z0-9-]*";
  const pattern = new RegExp(`\\shook ${platform} \\S+( --native)? --connector ${id}$`);
  return (command) => pattern.test(command);
}
