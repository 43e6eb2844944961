import { defineCommand, runCommand, type CommandDef } from "citty";
import { VERSION, versionLine } from "./version.ts";
import { showUsage } from "./commands/_usage.ts";
import { closest } from "./core/closest.ts";
import { EXIT } from "./commands/_args.ts";
import { fail, UsageError } from "./commands/_fail.ts";
import { setRootCommand } from "./commands/_root.ts";
import { oneLine } from "./one-line.ts";

/** A command, loaded with all the others (src/commands/_all.ts says why). */
const command = (name: keyof typeof import("./commands/_all.ts")) => () => import("./commands/_all.ts").then((all) => all[name]);

export const COMMANDS = {
  status: command("status"),
  doctor: command("doctor"),
  init: command("init"),
  install: command("install"),
  uninstall: command("uninstall"),
  explain: command("explain"),
  compile: command("compile"),
  simulate: command("simulate"),
  logs: command("logs"),
  completion: command("completion"),
  "self-install": command("selfInstall"),
  upgrade: command("upgrade"),
  bundle: command("bundle"),
  hook: command("hook"),
  daemon: command("daemon"),
  // The command's first name: `status` shows what it showed, and more.
  list: () => command("status")().then((status) => ({ ...status, meta: { name: "list", description: "Same as status", hidden: true } })),
};

const main = defineCommand({
  meta: {
    name: "agent-connector",
    version: VERSION,
    description: "Declare AI-agent lifecycle hooks once; run them in every coding-agent host.",
  },
  subCommands: COMMANDS,
});
setRootCommand(main);

/** A word where a command should be that is none: what the user probably meant. */
const WORD_FLAGS: Record<string, string> = { version: "--version", help: "--help" };

/**
 * Wrong words on the command line (a missing argument): exit 2 with the usage on stderr, so
 * stdout holds nothing a script could take for output; with --json, the error document there.
 */
async function usageFailure(message: string, command: CommandDef<any> | undefined, argv: readonly string[]): Promise<never> {
  await showUsage(command ?? main, command ? main : undefined, process.stderr);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: citty colours its messages; the escape sequences are what is removed.
  fail(new UsageError(message.replace(/\x1b\[[0-9;]*m/g, "")), wantsJson(argv));
}

/** --json, read from the words themselves: a command line citty could not parse has no parsed flags. */
const wantsJson = (argv: readonly string[]): boolean => argv.some((arg) => arg === "--json" || arg.startsWith("--json="));

const isHelp = (arg: string): boolean => arg === "--help" || arg === "-h";

export async function runCli(argv = process.argv.slice(2)): Promise<void> {
  const [first] = argv;
  const names = Object.keys(COMMANDS);
  if (first === undefined) return usageFailure("no command given: name one of the commands above", undefined, argv);
  if (!first.startsWith("-") && !names.includes(first)) {
    const guess = WORD_FLAGS[first] ?? closest(first, names);
    process.stderr.write(
      `agent-connector: unknown command "${oneLine(first)}"${guess ? `; did you mean "agent-connector ${guess}"?` : ""} See agent-connector --help.\n`,
    );
    process.exit(EXIT.usage);
  }
  // citty would print the bare version; scripts and `upgrade` want the commit and target too.
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`${versionLine()}\n`);
    return;
  }
  const command = names.includes(first) ? await COMMANDS[first as keyof typeof COMMANDS]() : undefined;
  if (argv.some(isHelp)) {
    await showUsage(command ?? main, command ? main : undefined);
    process.exit(EXIT.ok);
  }
  try {
    await runCommand(main, { rawArgs: [...argv] });
  } catch (error) {
    // A command's own failures end inside it (src/commands/_command.ts); what arrives here is
    // citty's parsing of the command line, a usage error (by name: citty does not export the class).
    if ((error as Error)?.name === "CLIError") return usageFailure((error as Error).message, command, argv);
    fail(error, wantsJson(argv));
  }
}
