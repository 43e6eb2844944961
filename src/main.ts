import { defineCommand, runMain } from "citty";
import { VERSION, versionLine } from "./version.ts";
import { closest, showUsage } from "./commands/_usage.ts";
import { EXIT } from "./commands/_args.ts";
import { setRootCommand } from "./commands/_root.ts";

export const COMMANDS = {
  status: () => import("./commands/status.ts").then((m) => m.default),
  doctor: () => import("./commands/doctor.ts").then((m) => m.default),
  init: () => import("./commands/init.ts").then((m) => m.default),
  install: () => import("./commands/install.ts").then((m) => m.default),
  uninstall: () => import("./commands/uninstall.ts").then((m) => m.default),
  explain: () => import("./commands/explain.ts").then((m) => m.default),
  compile: () => import("./commands/compile.ts").then((m) => m.default),
  simulate: () => import("./commands/simulate.ts").then((m) => m.default),
  logs: () => import("./commands/logs.ts").then((m) => m.default),
  completion: () => import("./commands/completion.ts").then((m) => m.default),
  "self-install": () => import("./commands/self-install.ts").then((m) => m.default),
  upgrade: () => import("./commands/upgrade.ts").then((m) => m.default),
  hook: () => import("./commands/hook.ts").then((m) => m.default),
  daemon: () => import("./commands/daemon.ts").then((m) => m.default),
  // The command's first name: `status` shows what it showed, and more.
  list: () => import("./commands/status.ts").then((m) => ({ ...m.default, meta: { name: "list", description: "Same as status", hidden: true } })),
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
