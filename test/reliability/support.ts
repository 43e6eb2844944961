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
  if (prelude) box.write(path, box.read(path).replace('import { defineConnector } from "agent-connector";\n', `import { defineConnector } from "agent-connector";\n${prelude}\n`));
  return path;
}

/** Exit 0, nothing on stdout, one stderr line naming `why`. */
export function isFailOpen(result: Result, why: string): boolean {
  const lines = result.stderr.trim().split("\n");
  return result.exitCode === 0 && result.stdout === "" && lines.length === 1 && lines[0]!.includes(why) && lines[0]!.includes("fail-open");
}

/** Figures the suite prints at the end. */
export const figures = { handlerKinds: 0, payloadKinds: 0, stdoutRoutes: 0 };

/**
 * The two ways a hook call loads a connector: its source (`--config`), and the compiled copy that
 * install made (`--connector`, as hosts call it; src/compiled/artifact.ts). Guarantees hold for both.
 */
export const LOADS = {
  source: (_box: Sandbox, config: string) => ({ config }),
  compiled: (box: Sandbox, config: string, env: Record<string, string> = {}) => {
    // Each case installs its own config under the one id "test": --replace says that is meant.
    const installed = box.cli(["install", "--config", config, "--platform", "claude-code", "--replace"], { env });
    const compiled = join(box.env.AGENT_CONNECTOR_HOME!, "compiled", "test.js");
    const header = box.exists(compiled) ? box.read(compiled).split("\n", 1)[0]! : "";
    if (installed.exitCode !== 0 || !header.includes(`"kind":"script"`) || !header.includes(JSON.stringify(config))) {
      throw new Error(`install did not compile ${config}: ${header}\n${installed.stdout}${installed.stderr}`);
    }
    return { connector: "test" };
  },
} as const;
