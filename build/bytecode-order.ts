/**
 * Profile-guided bytecode layout (`bun build --bytecode-order`). A first build of this machine
 * answers hook calls the way a host makes them, with BUN_BYTECODE_ORDER_OUT set; the real build
 * then stores the bytecode those runs used together at the front of the executable, so a hook call
 * pages in less of it (0.3 ms less per call, the same code with and without, side by side). The order
 * files name functions by content, so one recorded on this machine serves every target, and an
 * order recorded from an older build still applies to what did not change.
 *
 * Most important first: the hook's client answered by the daemon (every call a host makes), then a
 * call answered in-process (a host's first call, or one made while the daemon is busy).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The files recordHookOrder writes, most important first. */
export const ORDER_FILES = ["hook-client.order", "hook-in-process.order"] as const;

/** A connector of the kind users write (TypeScript, a handler), for the runs to answer. */
const CONFIG = `import { defineConnector } from "agent-connector";
export default defineConnector({
  id: "bytecode-order",
  hooks: { PreToolUse: { matcher: "Bash", handler: (event) => (String(event.toolInput.command).includes("rm") ? { decision: "deny", reason: "no rm" } : undefined) } },
});
`;

/**
 * Runs `binary` (a build of this machine) on hook calls and returns the order files it wrote, in
 * `into`; undefined, with the reason on stderr, when a run did not answer as expected (the build
 * goes on without a layout: slower, not wrong).
 */
export function recordHookOrder(binary: string, into: string): string[] | undefined {
  const work = mkdtempSync(join(tmpdir(), "ac-bytecode-order-"));
  const home = join(work, "home");
  const project = join(work, "project");
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "agent-connector.config.ts"), CONFIG);
  // Last build's files go first: a failed recording leaves none (test/hot-path.test.ts looks).
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  // A short AGENT_CONNECTOR_HOME: the daemon's socket path must fit in 100 bytes (macOS's temp folder is long).
  const env = { PATH: process.env.PATH ?? "", HOME: home, AGENT_CONNECTOR_HOME: join(work, "h") };
  const run = (args: string[], extra: Record<string, string> = {}, stdin?: string) =>
    Bun.spawnSync([binary, ...args], {
      cwd: project,
      env: { ...env, ...extra },
      stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
      stdout: "pipe",
      stderr: "pipe",
      timeout: 60_000,
    });
  const payload = JSON.stringify({
    session_id: "order",
    cwd: project,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "rm -rf build" },
  });
  const call = ["hook", "claude-code", "PreToolUse", "--connector", "bytecode-order"];
  const orders = ORDER_FILES.map((name) => join(into, name));
  try {
    const steps: [string, ReturnType<typeof run>][] = [];
    steps.push(["install", run(["install", "--platform", "claude-code"])]);
    steps.push(["daemon start", run(["daemon", "start"])]);
    // `require`: answered by the daemon or not at all, so the order is the client's.
    steps.push(["the call through the daemon", run(call, { AGENT_CONNECTOR_DAEMON: "require", BUN_BYTECODE_ORDER_OUT: orders[0]! }, payload)]);
    steps.push(["the call in-process", run(call, { AGENT_CONNECTOR_DAEMON: "0", BUN_BYTECODE_ORDER_OUT: orders[1]! }, payload)]);
    for (const [what, result] of steps) {
      const denied = !what.startsWith("the call") || result.stdout.toString().includes('"permissionDecision":"deny"');
      if (result.exitCode !== 0 || !denied) {
        process.stderr.write(`bytecode order not recorded: ${what} failed (exit ${result.exitCode}): ${result.stdout}${result.stderr}\n`);
        return undefined;
      }
    }
    return orders;
  } finally {
    run(["daemon", "stop"]);
    rmSync(work, { recursive: true, force: true });
  }
}
