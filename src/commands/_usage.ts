import type { CommandDef } from "citty";
import { renderHelp } from "./_help.ts";
import { widthOf } from "./_wrap.ts";

/** Colour only for a person at a terminal, never with NO_COLOR (https://no-color.org: any non-empty value). */
export const useColour = (stream: { isTTY?: boolean } = process.stdout, env = process.env): boolean =>
  Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== "dumb";

/**
 * A command's help, on stdout when asked for (--help) and on stderr after a usage error (stdout
 * then stays for what a script reads); wrapped to that stream's width, bold headings only in a terminal.
 */
export async function showUsage(cmd: CommandDef<any>, parent?: CommandDef<any>, stream: NodeJS.WriteStream = process.stdout): Promise<void> {
  const bold = useColour(stream) ? (text: string) => `\x1b[1m${text}\x1b[22m` : undefined;
  stream.write(`${await renderHelp(cmd, parent, widthOf(stream), bold)}\n`);
}
