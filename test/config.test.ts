import { describe, expect, test } from "bun:test";
import { sandbox, writeConfig } from "./support/harness.ts";

/** A bad connector config names the file and the field, exits 3, and writes nothing. */

function install(source: string, name = "agent-connector.config.ts") {
  const box = sandbox();
  const file = name.endsWith(".json") ? box.write(`project/${name}`, source) : writeConfig(box, source, name);
  const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
  return { result, file, box };
}

function expectConfigError(source: string, field: string, detail: string, name?: string) {
  const { result, file, box } = install(source, name);
  expect(result.exitCode).toBe(3);
  expect(result.stderr).toContain(`${file}: ${field}${field ? ": " : ""}${detail}`);
  expect(box.exists(`${box.home}/.claude/settings.json`)).toBe(false);
}

describe("connector config validation", () => {
  test("id must be lowercase letters, digits and dashes", () => {
    expectConfigError(`{ id: "My Hooks", hooks: {} }`, "id", "must match ^[a-z0-9][a-z0-9-]*$");
  });
  test("an unknown event lists the 13 valid ones", () => {
    expectConfigError(
      `{ id: "x", hooks: { PreTooluse: { handler: () => undefined } } } as any`,
      "hooks.PreTooluse",
      'unknown event "PreTooluse"; valid events: SessionStart, SessionEnd, UserPromptSubmit, PreToolUse, PostToolUse, PreCompact, PostCompact, Stop, Notification, PermissionRequest, PostToolUseFailure, SubagentStart, SubagentStop',
    );
  });
  test("a matcher that is not a regex is rejected at install", () => {
    expectConfigError(
      `{ id: "x", hooks: { PreToolUse: { matcher: "Bash(", handler: () => undefined } } }`,
      "hooks.PreToolUse.matcher",
      "not a valid regular expression",
    );
  });
  test("a matcher on an event with nothing to match is rejected", () => {
    expectConfigError(
      `{ id: "x", hooks: { Stop: { matcher: "Bash", handler: () => undefined } } } as any`,
      "hooks.Stop.matcher",
      "Stop has nothing to match against",
    );
  });
  test("nativeHooks may not declare a normalized event", () => {
    expectConfigError(
      `{ id: "x", platforms: { "claude-code": { nativeHooks: { PreToolUse: { handler: () => undefined } } } } }`,
      "platforms.claude-code.nativeHooks.PreToolUse",
      '"PreToolUse" is a normalized event; declare it under hooks, not nativeHooks',
    );
  });
  test("an unknown platform lists the known ones", () => {
    expectConfigError(`{ id: "x", platforms: { "claude": {} } }`, "platforms.claude", 'unknown host "claude"; known: claude-code');
  });
  test("a handler that is not a function", () => {
    expectConfigError(`{ id: "x", hooks: { Stop: { handler: "deny" } } } as any`, "hooks.Stop.handler", "must be a function");
  });
  test("no default export", () => {
    const box = sandbox();
    const file = box.write("project/agent-connector.config.ts", "export const x = 1;\n");
    const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain(`${file}: has no default export`);
  });
  test("JSON config: invalid JSON", () => {
    expectConfigError(`{ "id": "x", `, "", "not valid JSON", "agent-connector.config.json");
  });
});

describe("JSON configs", () => {
  test("a fixed response per hook works end to end", () => {
    const box = sandbox();
    const file = box.write(
      "project/agent-connector.config.json",
      JSON.stringify({ id: "json-policy", hooks: { PreToolUse: { matcher: "Bash", response: { decision: "deny", reason: "no shell" } } } }),
    );
    expect(box.cli(["install", "--platform", "claude-code"]).exitCode).toBe(0);
    const settings = JSON.parse(box.read(`${box.home}/.claude/settings.json`));
    expect(settings.hooks.PreToolUse[0].matcher).toBe("Bash");
    const result = box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }, { connector: "json-policy" });
    expect(result.stdout).toBe(
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no shell" } })}\n`,
    );
    expect(file).toEndWith(".json");
  });
  test("a hook with neither handler nor response is rejected", () => {
    expectConfigError(
      JSON.stringify({ id: "x", hooks: { Stop: {} } }),
      "hooks.Stop",
      "needs exactly one of handler or response",
      "agent-connector.config.json",
    );
  });
});

describe("config discovery", () => {
  test("without --config, the config in the current directory is used; none → usage error", () => {
    const box = sandbox();
    const none = box.cli(["install", "--platform", "claude-code"]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("no agent-connector.config.{ts,mts,mjs,js,json} in");
    writeConfig(box, `{ id: "found", hooks: { Stop: { handler: () => undefined } } }`, "agent-connector.config.mjs");
    const found = box.cli(["install", "--platform", "claude-code", "--json"]);
    expect(found.exitCode).toBe(0);
    expect(JSON.parse(found.stdout).connector).toBe("found");
  });
});
