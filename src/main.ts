import { defineCommand, runMain } from "citty";
import pkg from "../package.json" with { type: "json" };

const main = defineCommand({
  meta: {
    name: "agent-connector",
    version: pkg.version,
    description: "Declare AI-agent lifecycle hooks once; run them in every coding-agent host.",
  },
  subCommands: {
    install: () => import("./commands/install.ts").then((m) => m.default),
    uninstall: () => import("./commands/uninstall.ts").then((m) => m.default),
    list: () => import("./commands/list.ts").then((m) => m.default),
    explain: () => import("./commands/explain.ts").then((m) => m.default),
    compile: () => import("./commands/compile.ts").then((m) => m.default),
    hook: () => import("./commands/hook.ts").then((m) => m.default),
  },
});

export const runCli = (): Promise<void> => {
  // The binary starts with the JIT held back for the hook path (build/compile.ts); commands run longer.
  Bun.unsafe.setJITPolicy(1);
  return runMain(main);
};
