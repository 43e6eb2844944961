/**
 * `--scope managed`: the machine-wide file an organisation deploys (Claude Code's managed
 * settings, Cursor's enterprise hooks). Its commands run for every user, so they name system
 * copies of the binary and of the connector's snapshot (no user's registry knows it).
 * AGENT_CONNECTOR_MANAGED_ROOT stands for / here, so the test writes no system file; the real
 * system paths: test/managed-system.test.ts. Needs root, as managed scope does.
 */
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, sandbox } from "./support/harness.ts";

const CONFIG = JSON.stringify({ id: "no-shell", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } });
const BASH_CALL = JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: "/" });

const NOT_ROOT = process.getuid?.() !== 0;

describe.skipIf(NOT_ROOT)(`install --scope managed${NOT_ROOT ? " (skipped: needs root)" : ""}`, () => {
  test("writes Claude Code's managed settings and Cursor's enterprise hooks; another user's hook runs the system copies", () => {
    const box = sandbox();
    const root = join(box.root, "system");
    const config = box.write(join(box.project, "agent-connector.config.json"), CONFIG);
    const env = { AGENT_CONNECTOR_MANAGED_ROOT: root, AGENT_CONNECTOR_BIN: BIN };
    const result = box.cli(["install", "--scope", "managed", "--platform", "claude-code,cursor,qwen-code", "--config", config, "--json"], { env });
    expect(result.exitCode).toBe(0);
    const report = JSON.parse(result.stdout);
    const files = report.results.map((r: { platform: string; file?: string; status: string }) => [r.platform, r.file ?? null, r.status]);
    expect(files).toEqual([
      ["claude-code", join(root, "etc", "claude-code", "managed-settings.json"), "installed"],
      ["cursor", join(root, "etc", "cursor", "hooks.json"), "installed"],
      ["qwen-code", null, "nothing-to-install"],
    ]);
    // A host without a machine-wide file says so, and what an administrator can do instead.
    expect(report.results[2].warnings).toContain(
      "Qwen Code has no machine-wide (managed) hook file: nothing is installed for it at managed scope. Instead, install the connector at user scope as each user (e.g. sudo -u <user> agent-connector install --platform qwen-code; a user can remove it), or leave Qwen Code out.",
    );
    const command = JSON.parse(box.read(join(root, "etc", "claude-code", "managed-settings.json"))).hooks.PreToolUse[0].hooks[0].command;
    const lib = join(root, "usr", "local", "lib", "agent-connector");
    expect(command).toBe(`${lib}/bin/agent-connector hook claude-code PreToolUse --connector no-shell --config ${lib}/connectors/no-shell.snapshot.js`);

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
    expect(box.exists(lib)).toBe(false);
  });

  test("refuses a system folder another user can write to, before any host file is written", () => {
    const box = sandbox();
    const root = join(box.root, "system");
    const lib = join(root, "usr", "local", "lib", "agent-connector");
    mkdirSync(lib, { recursive: true });
    chmodSync(lib, 0o777);
    const config = box.write(join(box.project, "agent-connector.config.json"), CONFIG);
    const result = box.cli(["install", "--scope", "managed", "--platform", "claude-code", "--config", config], {
      env: { AGENT_CONNECTOR_MANAGED_ROOT: root },
    });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain(
      `${lib} can be written by every user: every user's hooks would run what is in it. Make it root's and not writable by others (sudo chown root: ${lib} && sudo chmod 755 ${lib}), or remove it, then install again.`,
    );
    expect(box.exists(join(root, "etc"))).toBe(false);
  });
});
