import { join } from "node:path";
import { writeConfig, type Result, type Sandbox } from "../support/harness.ts";

/** A Claude Code PreToolUse payload, the shape most hosts copy. */
export const prePayload = (extra: Record<string, unknown> = {}) => ({
  session_id: "s-1",
  cwd: "/fake/project",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "rm -rf /" },
  ...extra,
});

/** Claude Code's deny for `reason`. */
export const claudeDeny = (reason: string) =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`;

/** A config (timeout 2 s → budget 1 s) whose PreToolUse handler is `handler`, after `prelude` at the top level. */
export function configWithHandler(box: Sandbox, handler: string, prelude = "", name?: string): string {
  const path = writeConfig(box, `{ id: "test", timeout: 2, hooks: { PreToolUse: { handler: ${handler} } } }`, name);
  if (prelude)
    box.write(
      path,
      box.read(path).replace('import { defineConnector } from "agent-connector";\n', `import { defineConnector } from "agent-connector";\n${prelude}\n`),
    );
  return path;
}

/** Exit 0, nothing on stdout, one stderr line naming `why` (the hook's own: not a daemon that did not answer, LOADS.daemon). */
export function isFailOpen(result: Result, why: string): boolean {
  const lines = result.stderr.trim().split("\n");
  return (
    result.exitCode === 0 &&
    result.stdout === "" &&
    lines.length === 1 &&
    lines[0]!.includes(why) &&
    lines[0]!.includes("fail-open") &&
    !lines[0]!.includes("the daemon did not answer")
  );
}

/** Figures the suite prints at the end. */
export const figures = { handlerKinds: 0, payloadKinds: 0, stdoutRoutes: 0 };

/** A hook call through the sandbox's daemon, and only through it (`require`: never in-process). */
export const DAEMON_ON = { AGENT_CONNECTOR_DAEMON: "require", AGENT_CONNECTOR_DAEMON_IDLE_MS: "20000" };

/** Starts the sandbox's daemon and waits until a worker is ready for a call. */
export function daemonReady(box: Sandbox): void {
  const started = box.cli(["daemon", "start", "--json"], { env: DAEMON_ON });
  if (started.exitCode !== 0) throw new Error(`the daemon did not start: ${started.stdout}${started.stderr}`);
}

/**
 * The ways a hook call loads a connector: its source (`--config`), the compiled copy that install
 * made (`--connector`, as hosts call it; src/compiled/artifact.ts), and that copy in a worker of
 * the resident daemon (src/daemon/serve.ts). Guarantees hold for all three.
 */
export const LOADS = {
  source: (_box: Sandbox, config: string) => ({ config }),
  compiled: (box: Sandbox, config: string) => installCompiled(box, config),
  daemon: (box: Sandbox, config: string) => {
    const load = installCompiled(box, config);
    daemonReady(box);
    return { ...load, env: DAEMON_ON };
  },
} as const;

/** `load`'s options with more environment for the call. */
export const withEnv = (load: { config?: string; connector?: string; env?: Record<string, string> }, env: Record<string, string>) => ({
  ...load,
  env: { ...load.env, ...env },
});

function installCompiled(box: Sandbox, config: string): { connector: string; env?: Record<string, string> } {
  // Each case installs its own config under the one id "test": --replace says that is meant.
  const installed = box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"]);
  const compiled = join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "test.js");
  const header = box.exists(compiled) ? box.read(compiled).split("\n", 1)[0]! : "";
  if (installed.exitCode !== 0 || !header.includes(`"kind":"script"`) || !header.includes(JSON.stringify(config))) {
    throw new Error(`install did not compile ${config}: ${header}\n${installed.stdout}${installed.stderr}`);
  }
  return { connector: "test" };
}

/** Each case of the daemon's guarantees runs both ways: answered by a worker, and in a process of its own. */
export const BOTH_WAYS: [string, Record<string, string>][] = [
  ["daemon", DAEMON_ON],
  ["in-process", {}],
];

/** Whether a process is still there. */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Polls `check` until it holds or `ms` pass. */
export async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < ms; await Bun.sleep(50)) if (check()) return true;
  return false;
}
