import type { CommandDef } from "citty";

/**
 * The top-level command, set by src/main.ts. `completion` walks it for command and flag names;
 * importing main.ts from a command would be an import cycle.
 */
let root: CommandDef<any> | undefined;

export const setRootCommand = (command: CommandDef<any>): void => void (root = command);

export const rootCommand = (): CommandDef<any> => {
  if (!root) throw new Error("the root command is not set");
  return root;
};
