import { defineCommand, runMain } from "citty";
import { VERSION, versionLine } from "./version.ts";

const main = defineCommand({
  meta: {
    name: "agent-connector",
    version: VERSION,
    description: "Declare AI-agent lifecycle hooks once; run them in every coding-agent host.",
  },
  subCommands: {
    install: () => import("./commands/install.ts").then((m) => m.default),
    uninstall: () => import("./commands/uninstall.ts").then((m) => m.default),
    list: () => import("./commands/list.ts").then((m) => m.default),
    explain: () => import("./commands/explain.ts").then((m) => m.default),
    compile: () => import("./commands/compile.ts").then((m) => m.default),
    hook: () => import("./commands/hook.ts").then((m) => m.default),
    "self-install": () => import("./commands/self-install.ts").then((m) => m.default),
    upgrade: () => import("./commands/upgrade.ts").then((m) => m.default),
  },
});

export async function runCli(): Promise<void> {
  // The binary starts with the JIT held back for the hook path (build/compile.ts); commands run longer.
  Bun.unsafe.setJITPolicy(1);
  const args = process.argv.slice(2);
  // citty would print the bare version; scripts and `upgrade` want the commit and target too.
  if (args.length === 1 && (args[0] === "--version" || args[0] === "-v")) {
    process.stdout.write(`${versionLine()}\n`);
    return;
  }
  await runMain(main);
}
