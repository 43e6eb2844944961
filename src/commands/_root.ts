import type { CommandDef } from "citty";

/**
 * The top-level command, set by src/main.ts. `completion` walks it for command and flag names;
 * importing main.ts from a command would be an import cycle.
 */
const top: { command: CommandDef<any> | undefined } = { command: undefined };

export const setRootCommand = (command: CommandDef<any>): void => void (top.command = command);

export const rootCommand = (): CommandDef<any> => {
  if (!top.command) throw new Error("the root command is not set");
  return top.command;
};
