#!/usr/bin/env bun
/**
 * Entry point. Hosts run `hook` on every tool call, so its code is bundled into this entry chunk
 * and answers before anything else loads; the rest of the CLI (citty, install-time libraries)
 * lives in chunks loaded on demand.
 */
import { parseHookArgv } from "./hook/argv.ts";
import { runHook } from "./hook/run.ts";

const [command, ...rest] = process.argv.slice(2);

if (command === "hook" && !rest.includes("--help") && !rest.includes("-h")) {
  const args = parseHookArgv(rest);
  if (args) await runHook(args);
  // Wrong words from a host are our install's bug: never block the host over it.
  await Bun.write(Bun.stderr, `agent-connector: hook: expected "hook <platform> <event> --connector <id>"; allowed (fail-open). See agent-connector hook --help\n`);
  process.exit(0);
}
const { runCli } = await import("./main.ts");
await runCli();
