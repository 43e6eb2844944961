import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { block, everyDecision, respond, seenEvent, specific, type Expected } from "./support/decisions.ts";
import { settingsInstallSuite } from "./support/settings-install.ts";

/** Qwen Code: replies, normalization, matchers, install/uninstall of ~/.qwen/settings.json. */

// Real payloads of qwen 0.15.10 for what a -p run fires; the rest written from the docs.
const CAPTURED = ["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];
const payload = (event: string, box?: Sandbox) => (CAPTURED.includes(event) ? fixturePayload("qwen-code", event, box) : fixturePayload("qwen-code", event, box));

const context = (event: string, text: string) => specific(event, { additionalContext: text });
const EXPECTED: Expected = {
  SessionStart: { deny: context("SessionStart", "R"), context: context("SessionStart", "C") },
  SessionEnd: {},
  UserPromptSubmit: { deny: block, context: context("UserPromptSubmit", "C") },
  // modify is not sent: Qwen ignores PreToolUse updatedInput and would run the original input
  // auto-approved by the allow it rides on (test/hosts e2e, 0.15.10 and 0.24.4).
  PreToolUse: {
    allow: specific("PreToolUse", { permissionDecision: "allow" }),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
    ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    context: context("PreToolUse", "C"),
  },
  PostToolUse: { deny: block, context: context("PostToolUse", "C"), updatedOutput: context("PostToolUse", "The tool output was replaced by a hook:\nO") },
  PreCompact: { deny: context("PreCompact", "R"), context: context("PreCompact", "C") },
  PostCompact: {},
  Stop: { deny: block, context: context("Stop", "C") },
  Notification: { deny: context("Notification", "R"), context: context("Notification", "C") },
  PermissionRequest: {
    allow: specific("PermissionRequest", { decision: { behavior: "allow" } }),
    deny: specific("PermissionRequest", { decision: { behavior: "deny", message: "R" } }),
    modify: specific("PermissionRequest", { decision: { behavior: "allow", updatedInput: { command: "echo safe" } } }),
  },
  PostToolUseFailure: { deny: context("PostToolUseFailure", "R"), context: context("PostToolUseFailure", "C") },
  SubagentStart: { deny: context("SubagentStart", "R"), context: context("SubagentStart", "C") },
  SubagentStop: { deny: block },
};

everyDecision("qwen-code: every decision on every event", "qwen-code", EXPECTED, payload);

describe("qwen-code: runtime", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box, { matchers: { PreToolUse: "run_shell_command", SubagentStop: "Explorer" } });
  });
  const deny = { decision: "deny", reason: "R" };

  test("PreToolUse from the real payload; QWEN_PROJECT_DIR is the project", () => {
    expect(seenEvent(box, config, "qwen-code", "PreToolUse", payload("PreToolUse", box), { QWEN_PROJECT_DIR: "/the/project" })).toEqual({
      hostPlatform: "qwen-code",
      connectorId: "test",
      sessionId: "7af264d7-9817-4e46-ae9e-d6b62f0e3eb1",
      projectDir: "/the/project",
      toolName: "run_shell_command",
      toolInput: { command: "echo hi | tee tool-ran.marker" },
    });
  });

  test("PostToolUse: the text is tool_response.llmContent", () => {
    expect(seenEvent(box, config, "qwen-code", "PostToolUse", payload("PostToolUse", box)).toolOutput).toBe(
      "Command: echo hi | tee tool-ran.marker\nDirectory: (root)\nOutput: hi\nError: (none)\nExit Code: 0\nSignal: 0\nProcess Group PGID: 9014",
    );
  });

  test("the other events' fields", () => {
    expect(seenEvent(box, config, "qwen-code", "UserPromptSubmit", payload("UserPromptSubmit", box)).prompt).toBe("Run echo hi using the shell tool.");
    expect(seenEvent(box, config, "qwen-code", "Stop", payload("Stop", box)).stopHookActive).toBe(true); // sic: the first Stop of 0.15.10
    expect(seenEvent(box, config, "qwen-code", "SessionStart", payload("SessionStart", box)).source).toBe("resume");
    expect(seenEvent(box, config, "qwen-code", "SessionEnd", payload("SessionEnd", box)).reason).toBe("prompt_input_exit");
    expect(seenEvent(box, config, "qwen-code", "Notification", payload("Notification", box)).message).toBe("Qwen Code needs your permission to use run_shell_command");
    expect(seenEvent(box, config, "qwen-code", "PostToolUseFailure", payload("PostToolUseFailure", box))).toMatchObject({ error: "Command exited with code 1", isInterrupt: false });
    expect(seenEvent(box, config, "qwen-code", "PermissionRequest", payload("PermissionRequest", box)).permissionSuggestions).toHaveLength(1);
    expect(seenEvent(box, config, "qwen-code", "SubagentStop", payload("SubagentStop", box))).toMatchObject({ agentId: "sub-1", agentType: "Explorer", lastAssistantMessage: "Found 4 call sites." });
  });

  test("the second UserPromptSubmit (prompt \"\" after a tool result) reaches no handler", () => {
    const file = join(box.root, "seen-spurious.json");
    const result = box.hook("qwen-code", "UserPromptSubmit", fixturePayload("qwen-code", "UserPromptSubmit.2", box), { config, env: { AC_TEST_SEEN: file, AC_TEST_RESPONSE: JSON.stringify(deny) } });
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    expect(box.exists(file)).toBe(false);
  });

  test("matcher: run_shell_command (Qwen's shell) matches, Bash does not", () => {
    expect(respond(box, config, "qwen-code", "PreToolUse", payload("PreToolUse", box), deny).stdout).toBe(`${JSON.stringify(EXPECTED.PreToolUse!.deny)}\n`);
    expect(respond(box, config, "qwen-code", "PreToolUse", { ...payload("PreToolUse", box), tool_name: "Bash" }, deny).stdout).toBe("");
  });

  test("matcher: subagent events match the agent type", () => {
    expect(respond(box, config, "qwen-code", "SubagentStop", payload("SubagentStop", box), deny).stdout).toBe(`${JSON.stringify(block)}\n`);
    expect(respond(box, config, "qwen-code", "SubagentStop", { ...payload("SubagentStop", box), agent_type: "Plan" }, deny).stdout).toBe("");
  });
});

settingsInstallSuite({
  tool: "run_shell_command",
  timeout: 30000,
  platform: "qwen-code",
  dir: ".qwen",
  override: { name: "QWEN_HOME", settings: (dir) => join(dir, "settings.json") },
  native: { PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", Stop: "Stop", PermissionRequest: "PermissionRequest" },
  extras: () => ({}),
  preToolUse: (box) => fixturePayload("qwen-code", "PreToolUse", box),
  deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
});
