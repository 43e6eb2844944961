import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { everyDecision, respond, seenEvent, specific, type Expected } from "./support/decisions.ts";
import { installSetup } from "./support/install.ts";
import { settingsInstallSuite } from "./support/settings-install.ts";

/** Gemini CLI: replies in its own dialect, normalization, matchers, install/uninstall of ~/.gemini/settings.json. */

const NATIVE: Record<string, string> = {
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  UserPromptSubmit: "BeforeAgent",
  PreToolUse: "BeforeTool",
  PostToolUse: "AfterTool",
  PreCompact: "PreCompress",
  Stop: "AfterAgent",
  Notification: "Notification",
};
// Real payloads of gemini 0.61.0 (Notification never fired with --yolo: written from the docs).
const payload = (event: string, box?: Sandbox) => (event === "Notification" ? fixturePayload("gemini-cli", "Notification", box) : fixturePayload("gemini-cli", NATIVE[event]!, box));

const deny = { decision: "deny", reason: "R" };
const EXPECTED: Expected = {
  SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
  SessionEnd: {},
  UserPromptSubmit: { deny, context: specific("BeforeAgent", { additionalContext: "C" }) },
  // Top-level decision: the Claude-shaped permissionDecision is ignored by Gemini and the tool runs.
  PreToolUse: { deny, modify: specific("BeforeTool", { tool_input: { command: "echo safe" } }) },
  PostToolUse: { deny, context: specific("AfterTool", { additionalContext: "C" }), updatedOutput: specific("AfterTool", { tool_output: "O" }) },
  PreCompact: {},
  Stop: { deny }, // the answer is rejected and R is the next prompt
  Notification: {},
};

everyDecision("gemini-cli: every decision on every event", "gemini-cli", EXPECTED, payload);

describe("gemini-cli: runtime", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box, { matchers: { PreToolUse: "run_shell_command", PostToolUse: "read_.*" } });
  });

  test("BeforeTool from the real payload; GEMINI_PROJECT_DIR is the project", () => {
    expect(seenEvent(box, config, "gemini-cli", "PreToolUse", payload("PreToolUse", box), { GEMINI_PROJECT_DIR: "/the/project" })).toEqual({
      hostPlatform: "gemini-cli",
      connectorId: "test",
      sessionId: "73b1f346-f56a-46c1-bf50-a85448b29602",
      projectDir: "/the/project",
      toolName: "run_shell_command",
      toolInput: { command: "echo hi | tee tool-ran.marker" },
    });
  });

  test("AfterTool: the text is llmContent; tool_response.error makes isError", () => {
    const seen = seenEvent(box, config, "gemini-cli", "PostToolUse", { ...payload("PostToolUse", box), tool_name: "read_many_files" });
    expect(seen.toolOutput).toBe("<untrusted_context>\nOutput: hi\nProcess Group PGID: 5612\n</untrusted_context>");
    expect(seen.isError).toBeUndefined();
    const failed = seenEvent(box, config, "gemini-cli", "PostToolUse", fixturePayload("gemini-cli", "AfterTool.error", box));
    expect(failed).toMatchObject({ toolName: "read_file", isError: true, toolOutput: `File not found: ${box.project}/missing.txt` });
  });

  test("the other events' fields", () => {
    expect(seenEvent(box, config, "gemini-cli", "SessionStart", payload("SessionStart", box)).source).toBe("startup");
    expect(seenEvent(box, config, "gemini-cli", "SessionEnd", payload("SessionEnd", box)).reason).toBe("exit");
    expect(seenEvent(box, config, "gemini-cli", "UserPromptSubmit", payload("UserPromptSubmit", box)).prompt).toBe("Run echo hi using the shell tool.");
    expect(seenEvent(box, config, "gemini-cli", "Stop", payload("Stop", box)).stopHookActive).toBe(false);
    expect(seenEvent(box, config, "gemini-cli", "PreCompact", payload("PreCompact", box)).trigger).toBe("auto");
    expect(seenEvent(box, config, "gemini-cli", "Notification", payload("Notification", box)).message).toBe("Allow run_shell_command?");
  });

  test("matcher: run_shell_command (Gemini's shell) matches, write_file does not", () => {
    expect(respond(box, config, "gemini-cli", "PreToolUse", payload("PreToolUse", box), deny).stdout).toBe(`${JSON.stringify(deny)}\n`);
    expect(respond(box, config, "gemini-cli", "PreToolUse", { ...payload("PreToolUse", box), tool_name: "write_file" }, deny).stdout).toBe("");
  });

  test("matcher: a regex matches the whole name only", () => {
    expect(respond(box, config, "gemini-cli", "PostToolUse", { ...payload("PostToolUse", box), tool_name: "read_file" }, deny).stdout).toBe(`${JSON.stringify(deny)}\n`);
    expect(respond(box, config, "gemini-cli", "PostToolUse", { ...payload("PostToolUse", box), tool_name: "unread_file" }, deny).stdout).toBe("");
  });

  test("events Gemini CLI does not have fail open", () => {
    for (const event of ["PostCompact", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"]) {
      const result = respond(box, config, "gemini-cli", event, payload("Stop", box), deny);
      expect({ stdout: result.stdout, exitCode: result.exitCode }).toEqual({ stdout: "", exitCode: 0 });
      expect(result.stderr).toContain(`gemini-cli ${event}: Gemini CLI has no ${event} event; allowed (fail-open)`);
    }
  });
});

settingsInstallSuite({
  tool: "run_shell_command",
  timeout: 30000,
  platform: "gemini-cli",
  dir: ".gemini",
  override: { name: "GEMINI_CLI_HOME", settings: (dir) => join(dir, ".gemini", "settings.json") },
  native: { PreToolUse: "BeforeTool", PostToolUse: "AfterTool", Stop: "AfterAgent" },
  extras: (nativeEvent) => ({ name: `agent-connector-guard-${nativeEvent}` }),
  preToolUse: (box) => fixturePayload("gemini-cli", "BeforeTool", box),
  deny: { decision: "deny", reason: "no shell" },
});

describe("gemini-cli: install warnings", () => {
  test("events Gemini CLI lacks and replies it cannot give are reported", () => {
    const { install } = installSetup("gemini-cli", `{ id: "guard", hooks: { PreToolUse: { handler: () => undefined }, PermissionRequest: { handler: () => undefined } } }`);
    const result = install();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("Gemini CLI has no PermissionRequest event: this handler never runs there.");
    expect(result.stderr).toContain("Gemini CLI PreToolUse: context → dropped (the host has no context channel here)");
    expect(result.stderr).toContain("Gemini CLI PreToolUse: ask → no opinion (the host's own permission flow)");
  });
});
