#!/usr/bin/env bun
/**
 * Entry point. Hosts run `hook` on every tool call, so its code is bundled into this entry chunk
 * and answers before anything else loads; the rest of the CLI (citty, install-time libraries)
 * lives in chunks loaded on demand.
 */
import { parseHookArgv } from "./hook/argv.ts";
import { runHook } from "./hook/run.ts";
import { claimStdout } from "./hook/stdout-guard.ts";

const [command, ...rest] = process.argv.slice(2);

if (command === "hook" && !rest.includes("--help") && !rest.includes("-h")) {
  // Before anything else: stdout carries the host protocol, and only our reply may reach it.
  const writeReply = claimStdout();
  const args = parseHookArgv(rest);
  // Not awaited: a pending top-level await keeps Bun from emitting beforeExit, which runHook uses
  // to answer at once when user code leaves nothing that could ever settle its handler.
  if (args) void runHook(args, writeReply);
  else {
    // Wrong words from a host are our install's bug: never block the host over it.
    await Bun.write(Bun.stderr, `agent-connector: hook: expected "hook <platform> <event> --connector <id>"; allowed (fail-open). See agent-connector hook --help\n`);
    process.exit(0);
  }
} else {
  const { runCli } = await import("./main.ts");
  await runCli();
}
