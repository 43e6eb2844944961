#!/usr/bin/env bun
/**
 * Entry point. Hosts run `hook` on every tool call: this entry chunk holds only what hands the call
 * to the resident daemon (src/hook/client.ts); running it in this process, and the rest of the CLI
 * (citty, install-time libraries), live in chunks loaded on demand.
 */
import { parseHookArgv } from "./hook/argv.ts";
import { viaDaemon } from "./hook/client.ts";
import { HOOK_JIT_POLICY } from "./jit-policy.ts";
import { oneLine } from "./one-line.ts";

const [command, ...rest] = process.argv.slice(2);

if (command === "daemon" && rest[0] === "serve" && rest.length === 1) {
  // The resident daemon: only its own code, not the CLI's commands (they cost it ≈15 MB of resident memory).
  const { serveDaemon } = await import("./daemon/serve.ts");
  const refused = await serveDaemon();
  if (refused) {
    await Bun.write(Bun.stderr, `agent-connector: the daemon cannot start: ${oneLine(refused)}\n`);
    process.exit(1);
  }
} else if (command === "hook" && rest[0] === "--worker") {
  Bun.unsafe.setJITPolicy(HOOK_JIT_POLICY);
  const { runWorker } = await import("./hook/worker.ts");
  await runWorker();
} else if (command === "hook" && !rest.includes("--help") && !rest.includes("-h")) {
  const args = parseHookArgv(rest);
  if (args?.shared) {
    // One launcher for several connectors (a host that runs one file per event name): each part is a call of its own.
    const { answerShared } = await import("./hook/shared-call.ts");
    await answerShared({ ...args, shared: args.shared });
  } else if (args) {
    const inProcess = await viaDaemon(process.argv.slice(2), args);
    Bun.unsafe.setJITPolicy(HOOK_JIT_POLICY);
    const { answerInProcess } = await import("./hook/in-process.ts");
    answerInProcess(args, process.argv.slice(2), inProcess);
  } else {
    // Wrong words from a host are our install's bug: never block the host over it, unless the words ask to fail closed.
    const closed = rest.includes("--fail-closed");
    await Bun.write(
      Bun.stderr,
      `agent-connector: hook: expected "hook <platform> <event> --connector <id>"; ${closed ? "denied (fail-closed)" : "allowed (fail-open)"}. See agent-connector hook --help\n`,
    );
    process.exit(closed ? 2 : 0);
  }
} else {
  const { runCli } = await import("./main.ts");
  await runCli();
}
