#!/usr/bin/env bun
/**
 * Entry point. The `hook` subcommand answers hosts on every tool call, so it is dispatched before
 * anything else loads; the rest of the CLI (citty, install-time libraries) loads on demand.
 */
export {};

const [command, ...rest] = process.argv.slice(2);

if (command === "hook" && !rest.includes("--help") && !rest.includes("-h")) {
  const { parseHookArgv } = await import("./hook/argv.ts");
  const args = parseHookArgv(rest);
  if (args) {
    const { runHook } = await import("./hook/run.ts");
    await runHook(args);
  }
  // Wrong words from a host are our install's bug: never block the host over it.
  const { writeSync } = await import("node:fs");
  writeSync(2, `agent-connector: hook: expected "hook <platform> <event> --connector <id>"; allowed (fail-open). See agent-connector hook --help\n`);
  process.exit(0);
}
const { runCli } = await import("./main.ts");
await runCli();
