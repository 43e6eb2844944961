import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig } from "../support/harness.ts";
import { prePayload } from "./support.ts";

/** §6: meaning that used to be lost between handler and host. */
const box = sandbox();
const config = writeScriptedConfig(box);
const seenFile = join(box.root, "seen.json");
const run = (platform: string, event: string, payload: unknown, response?: unknown, env: Record<string, string> = {}) =>
  box.hook(platform, event, payload, {
    config,
    env: { AC_TEST_RESPONSE: response === undefined ? "" : JSON.stringify(response), AC_TEST_SEEN: seenFile, ...env },
  });
const seen = () => JSON.parse(box.read(seenFile));
const rewrite = { decision: "allow", updatedInput: { command: "ls" } };

describe("allow + updatedInput rewrites and approves", () => {
  test("Claude Code PreToolUse", () =>
    expect(run("claude-code", "PreToolUse", prePayload(), rewrite).stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" } } })}\n`,
    ));
  test("Claude Code PermissionRequest: decision.behavior allow + updatedInput", () =>
    expect(run("claude-code", "PermissionRequest", prePayload({ hook_event_name: "PermissionRequest" }), rewrite).stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "ls" } } } })}\n`,
    ));
  test("Qwen Code PermissionRequest", () =>
    expect(run("qwen-code", "PermissionRequest", prePayload({ hook_event_name: "PermissionRequest" }), rewrite).stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "ls" } } } })}\n`,
    ));
  test("Codex PreToolUse prints the rewrite, not nothing", () =>
    expect(run("codex", "PreToolUse", prePayload(), rewrite).stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "ls" } } })}\n`,
    ));
  test("where the host cannot take it (Qwen Code PreToolUse), nothing is approved and it is logged as a degradation", () => {
    const result = run("qwen-code", "PreToolUse", prePayload(), rewrite);
    expect(result.stdout).toBe("");
    expect(box.read(join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log"))).toContain("cannot take modify on PreToolUse");
  });
});

describe("Cursor's loop_count is stopHookActive", () => {
  for (const event of ["stop", "subagentStop"]) {
    const normalized = event === "stop" ? "Stop" : "SubagentStop";
    test(`${event}: loop_count 0 → false, 2 → true`, () => {
      run("cursor", normalized, fixturePayload("cursor", event, box));
      expect(seen().stopHookActive).toBe(false);
      run("cursor", normalized, { ...fixturePayload("cursor", event, box), loop_count: 2 });
      expect(seen().stopHookActive).toBe(true);
    });
  }
});

describe("VS Code answered in its own shape in either key spelling", () => {
  const block = `${JSON.stringify({ hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "R" } })}\n`;
  const camel = { timestamp: "2026-07-01T08:00:00.000Z", cwd: box.project, sessionId: "vs-1", hookEventName: "Stop", stop_hook_active: false };
  const snake = { timestamp: "2026-07-01T08:00:00.000Z", cwd: box.project, session_id: "vs-1", hook_event_name: "Stop", stop_hook_active: false };
  for (const [name, payload] of Object.entries({ hookEventName: camel, hook_event_name: snake })) {
    test(`${name}, through Claude Code's settings file`, () =>
      expect(run("claude-code", "Stop", payload, { decision: "deny", reason: "R" }).stdout).toBe(block));
  }
});

afterAll(() => console.log("reliability/meaning: 5 rewrite cases, 2 Cursor stop events, 2 VS Code spellings"));
