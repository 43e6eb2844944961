import { expect, test } from "bun:test";
import { join } from "node:path";
import { block, specific } from "../support/decisions.ts";
import { fixturePayload, sandbox, writeScriptedConfig } from "../support/harness.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { PLAIN, URL_HTTP } from "./mcp.ts";

const context = (event: string, text: string) => specific(event, { additionalContext: text });

export const qwenCode: HostRecord = {
  id: "qwen-code",
  mcp: { kind: "user-file", file: ".qwen/settings.json", root: "mcpServers", rec: PLAIN.rec, api: { httpUrl: URL_HTTP } },
  fixtures: {
    UserPromptSubmit: captured("UserPromptSubmit"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    Stop: captured("Stop"),
    SessionStart: captured("SessionStart"),
    SessionEnd: fromDocs("SessionEnd"),
    PreCompact: fromDocs("PreCompact"),
    PostCompact: fromDocs("PostCompact"),
    Notification: fromDocs("Notification"),
    PermissionRequest: fromDocs("PermissionRequest"),
    PostToolUseFailure: fromDocs("PostToolUseFailure"),
    SubagentStart: fromDocs("SubagentStart"),
    SubagentStop: fromDocs("SubagentStop"),
    StopFailure: fromDocs("StopFailure"),
    PermissionDenied: fromDocs("PermissionDenied"),
  },
  replies: {
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
    StopFailure: {}, // observe-only
    PermissionDenied: {}, // observe-only
  },
  seen: {
    "PreToolUse from the real payload; QWEN_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { QWEN_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "qwen-code",
          connectorId: "test",
          sessionId: "68f334be-8e23-47b2-b687-a041bfe479d2",
          transcriptPath: `${box.home}/.qwen/projects/-fake-home-project/chats/68f334be-8e23-47b2-b687-a041bfe479d2.jsonl`,
          permissionMode: "yolo",
          toolUseId: "toolu_1796379884719_mrbalu15m",
          projectDir: "/the/project",
          toolName: "run_shell_command",
          toolInput: { command: "echo hi | tee tool-ran.marker", description: "Run the e2e command" },
        }),
      },
    ],
    "PostToolUse: the text is tool_response.llmContent": [
      {
        event: "PostToolUse",
        matches: {
          toolOutput:
            "Command: echo hi | tee tool-ran.marker\nDirectory: (root)\nOutput: hi\nError: (none)\nExit Code: 0\nSignal: (none)\nProcess Group PGID: (none)",
        },
      },
    ],
    "PostToolUse of an MCP tool called through tool_call (0.24.4): its own name and input, llmContent's text parts": [
      {
        event: "PostToolUse",
        raw: (_payload, box) => fixturePayload("qwen-code", "PostToolUse.mcp", box),
        matches: { toolName: "mcp__e2erec__record", toolInput: { text: "T-1" }, toolOutput: "MCP-RECORDED:T-1" },
      },
    ],
    "the other events' fields": [
      { event: "UserPromptSubmit", matches: { prompt: "Run `echo hi` with the shell tool, then say done." } },
      { event: "Stop", matches: { stopHookActive: false } }, // the first Stop of 0.24.4 (0.15.10 said true)
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "prompt_input_exit" } },
      { event: "Notification", matches: { message: "Qwen Code needs your permission to use run_shell_command" } },
      { event: "PostToolUseFailure", matches: { error: "Command exited with code 1", isInterrupt: false } },
      { event: "PermissionRequest", check: (seen) => expect(seen.permissionSuggestions).toHaveLength(1) },
      { event: "SubagentStop", matches: { agentId: "sub-1", agentType: "Explorer", lastAssistantMessage: "Found 4 call sites." } },
      { event: "StopFailure", matches: { error: "rate_limit", errorDetails: "429 Too Many Requests" } },
      {
        event: "PermissionDenied",
        matches: { toolName: "run_shell_command", tool: { kind: "shell", command: "rm -rf build" }, reason: "denied by a permission rule" },
      },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_shell_command", SubagentStop: "Explorer" },
    cases: {
      "matcher: run_shell_command (Qwen's shell) matches, Bash does not": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "Bash" }), reply: null },
      ],
      "matcher: subagent events match the agent type": [
        { event: "SubagentStop", reply: block },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), agent_type: "Plan" }), reply: null },
      ],
    },
  },
  install: {
    kind: "settings",
    tool: "run_shell_command",
    timeout: 30000,
    dir: ".qwen",
    override: { name: "QWEN_HOME", settings: (dir) => join(dir, "settings.json") },
    native: { PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", Stop: "Stop", PermissionRequest: "PermissionRequest" },
    extras: () => ({}),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
  },
  extra: () => {
    test('qwen-code: the second UserPromptSubmit (prompt "" after a tool result) reaches no handler', () => {
      const box = sandbox();
      const config = writeScriptedConfig(box);
      const file = join(box.root, "seen-spurious.json");
      const env = { AC_TEST_SEEN: file, AC_TEST_RESPONSE: JSON.stringify({ decision: "deny", reason: "R" }) };
      const result = box.hook("qwen-code", "UserPromptSubmit", fixturePayload("qwen-code", "UserPromptSubmit.2", box), { config, env });
      expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({ stdout: "", stderr: "", exitCode: 0 });
      expect(box.exists(file)).toBe(false);
    });
  },
};
