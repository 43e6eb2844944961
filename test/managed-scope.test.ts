/**
 * `--scope managed`: the machine-wide file an organisation deploys (Claude Code's managed
 * settings, Cursor's enterprise hooks). Its commands run for every user, so they name a file (no
 * user's registry knows the connector): the machine-wide snapshot install made of the config, and
 * must call a binary every user can reach.
 * AGENT_CONNECTOR_MANAGED_ROOT stands for / here, so the test writes no system file.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, sandbox } from "./support/harness.ts";

const CONFIG = JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } });
const BASH_CALL = JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/" });

describe("install --scope managed", () => {
  test("writes Claude Code's managed settings and Cursor's enterprise hooks; another user's hook runs the named config", () => {
    const box = sandbox();
    const root = join(box.root, "system");
    const config = box.write(join(box.project, "agent-connector.config.json"), CONFIG);
    const env = { AGENT_CONNECTOR_MANAGED_ROOT: root, AGENT_CONNECTOR_BIN: BIN };
    const result = box.cli(["install", "--scope", "managed", "--platform", "claude-code,cursor,codex", "--config", config, "--json"], { env });
    expect(result.exitCode).toBe(0);
    const files = JSON.parse(result.stdout).results.map((r: { platform: string; file?: string; status: string }) => [r.platform, r.file ?? null, r.status]);
    expect(files).toEqual([
      ["claude-code", join(root, "etc", "claude-code", "managed-settings.json"), "installed"],
      ["cursor", join(root, "etc", "cursor", "hooks.json"), "installed"],
      ["codex", null, "nothing-to-install"],
    ]);
    const command = JSON.parse(box.read(join(root, "etc", "claude-code", "managed-settings.json"))).hooks.PreToolUse[0].hooks[0].command;
    // Not the source: the snapshot install made of it, where every user can read it (src/install/managed-snapshot.ts).
    const snapshot = join(root, "etc", "agent-connector", "managed", "no-shell.json");
    expect(command).toBe(`${BIN} hook claude-code PreToolUse --connector no-shell --config ${snapshot}`);

    // Another user: their own HOME and an empty registry.
    const other = join(box.root, "other-user");
    mkdirSync(other);
    const proc = Bun.spawnSync(["sh", "-c", command], {
      env: { PATH: box.env.PATH, HOME: other, AGENT_CONNECTOR_DAEMON: "0" },
      stdin: Buffer.from(BASH_CALL),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(proc.stdout.toString()).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell" } })}\n`,
    );

    const removed = box.cli(["uninstall", "--connector", "no-shell", "--scope", "managed"], { env });
    expect(removed.exitCode).toBe(0);
    expect(box.exists(join(root, "etc", "claude-code", "managed-settings.json"))).toBe(false);
    expect(box.exists(join(root, "etc", "cursor", "hooks.json"))).toBe(false);
    expect(box.exists(snapshot)).toBe(false);
  });

  test("refuses a binary that is not where every user can run it", () => {
    const box = sandbox();
    const config = box.write(join(box.project, "agent-connector.config.json"), CONFIG);
    const result = box.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], {
      env: { AGENT_CONNECTOR_MANAGED_ROOT: join(box.root, "system") },
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      `--scope managed writes hooks every user runs, but ${BIN} is in a build or package folder (dist/): copy it to a system folder`,
    );
    expect(box.exists(join(box.root, "system"))).toBe(false);
  });
});
