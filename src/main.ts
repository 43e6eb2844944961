import { defineCommand, runMain } from "citty";
import { VERSION, versionLine } from "./version.ts";
import { closest, showUsage } from "./commands/_usage.ts";
import { EXIT } from "./commands/_args.ts";
import { setRootCommand } from "./commands/_root.ts";

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

export async function runCli(argv = process.argv.slice(2)): Promise<void> {
  const [first] = argv;
  const names = Object.keys(COMMANDS);
  if (first === undefined) {
    await showUsage(main);
    process.exit(EXIT.usage);
  }
  if (!first.startsWith("-") && !names.includes(first)) {
    const guess = WORD_FLAGS[first] ?? closest(first, names);
    process.stderr.write(`agent-connector: unknown command "${first}"${guess ? `; did you mean "agent-connector ${guess}"?` : ""} See agent-connector --help.\n`);
    process.exit(EXIT.usage);
  }
  // citty would print the bare version; scripts and `upgrade` want the commit and target too.
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`${versionLine()}\n`);
    return;
  }
  await runMain(main, { rawArgs: argv, showUsage });
}
