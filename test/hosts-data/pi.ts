import { join } from "node:path";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { piModuleSuite } from "../support/pi-host.ts";

// The binary's side of Pi's extension calls; piModuleSuite drives the generated module itself the
// way Pi calls it (test/support/pi-host.ts).
const SID = "01a229fe-3352-736d-99c8-989f5deca85b";
const base = { hostPlatform: "pi", connectorId: "test", sessionId: SID };
const COMMAND = { command: "echo hi | tee tool-ran.marker", description: "Print hi" };

export const pi: HostRecord = {
  id: "pi",
  fixtures: {
    SessionStart: captured("session_start"),
    UserPromptSubmit: captured("before_agent_start"),
    PreToolUse: captured("tool_call"),
    PostToolUse: captured("tool_result"),
    Stop: captured("agent_end"),
    SessionEnd: captured("session_shutdown"),
    PostToolUseFailure: fromDocs("tool_result.error"),
    PreCompact: fromDocs("session_before_compact"),
    PostCompact: fromDocs("session_compact"),
  },
  replies: {
    SessionStart: { deny: { context: "R" }, context: { context: "C" } },
    UserPromptSubmit: { deny: { context: "R" }, context: { context: "C" } },
    PreToolUse: { deny: { deny: "R" }, modify: { args: { command: "echo safe" } }, context: { context: "C" } },
    PostToolUse: { deny: { context: "R" }, context: { context: "C" }, updatedOutput: { output: "O" } },
    PostToolUseFailure: {},
    Stop: {},
    SessionEnd: {},
    PreCompact: {},
    PostCompact: {},
  },
  seen: {
    "PreToolUse and PostToolUse: tool, arguments, output and session": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          ...base,
          projectDir: box.project,
          transcriptPath: `${box.home}/.pi/agent/sessions/--fake-home-project--/2026-11-30T01-07-34-867Z_01a229fe-3352-736d-99c8-989f5deca85b.jsonl`,
          model: "mock-model",
          toolName: "bash",
          toolInput: COMMAND,
          toolUseId: "call_mock_1",
        }),
      },
      { event: "PostToolUse", matches: { ...base, toolName: "bash", toolInput: COMMAND, toolOutput: "hi\n", isError: false } },
    ],
    "PostToolUseFailure: the error text of a failed call": [
      { event: "PostToolUseFailure", matches: { ...base, toolName: "bash", toolUseId: "call_mock_2", error: "Command exited with code 1" } },
    ],
    "UserPromptSubmit: the prompt; SessionStart: its reason; SessionEnd: Pi's reason": [
      { event: "UserPromptSubmit", matches: { ...base, prompt: "Run echo hi using the bash tool." } },
      { event: "SessionStart", matches: { ...base, source: "startup" } },
      { event: "SessionEnd", matches: { ...base } },
    ],
    "PreCompact and PostCompact: manual and automatic compaction": [
      { event: "PreCompact", matches: { ...base, trigger: "manual" } },
      { event: "PostCompact", matches: { ...base, trigger: "auto" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "ba", PostToolUse: "ba.*|read" },
    cases: {
      "our whole-name rule: `ba` is not bash; `ba.*` is": [
        { event: "PreToolUse", reply: null },
        { event: "PostToolUse", reply: { context: "R" } },
      ],
    },
  },
  missing: { events: ["Notification", "PermissionRequest", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "plugin",
    name: "Pi",
    folders: {
      user: (home) => join(home, ".pi", "agent", "extensions"),
      relocated: { env: "PI_CODING_AGENT_DIR", folder: (dir) => join(dir, "extensions") },
      project: (project) => join(project, ".pi", "extensions"),
    },
  },
  extra: (payload) => piModuleSuite("pi", payload),
};
