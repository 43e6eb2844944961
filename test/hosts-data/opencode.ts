import { join } from "node:path";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { OPENCODE } from "./mcp.ts";

// The binary's side of OpenCode's plugin calls; test/opencode-module.test.ts drives the generated
// module itself the way OpenCode calls it.
const SID = "ses_dd613ea15ffeDQunEhIKBC638o";
const base = { hostPlatform: "opencode", connectorId: "test", sessionId: SID };

export const opencode: HostRecord = {
  id: "opencode",
  mcp: { kind: "user-file", file: ".config/opencode/opencode.json", root: "mcp", rec: OPENCODE.rec, api: OPENCODE.api },
  fixtures: {
    SessionStart: captured("event.session.created"),
    UserPromptSubmit: captured("chat.message"),
    PreToolUse: captured("tool.execute.before"),
    PostToolUse: captured("tool.execute.after"),
    Stop: captured("event.session.idle"),
    PreCompact: fromDocs("experimental.session.compacting"),
    PostCompact: fromDocs("event.session.compacted"),
    PostToolUseFailure: fromDocs("event.message.part.updated.tool-error"),
    SubagentStart: fromDocs("event.session.created.subagent"),
    SubagentStop: fromDocs("event.session.idle.subagent"),
  },
  // What the binary answers the module: what each event honours.
  replies: {
    SessionStart: { deny: { context: "R" }, context: { context: "C" } },
    UserPromptSubmit: { deny: { context: "R" }, context: { context: "C" } },
    PreToolUse: { deny: { deny: "R" }, modify: { args: { command: "echo safe" } }, context: { context: "C" } },
    PostToolUse: { deny: { context: "R" }, context: { context: "C" }, updatedOutput: { output: "O" } },
    PreCompact: { deny: { context: "R" }, context: { context: "C" } },
    PostCompact: {},
    Stop: {},
    PostToolUseFailure: {},
    SubagentStart: {},
    SubagentStop: {},
  },
  seen: {
    "PreToolUse: tool, arguments and session from tool.execute.before": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: { ...base, toolName: "bash", toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" }, toolUseId: "call_mock_1" },
      },
    ],
    "PostToolUse: the output, and the arguments from the input side": [
      { event: "PostToolUse", matches: { toolName: "bash", toolInput: { command: "echo hi | tee tool-ran.marker" }, toolOutput: "hi\n" } },
    ],
    "UserPromptSubmit: the user's text parts, not the host's synthetic ones": [
      {
        event: "UserPromptSubmit",
        raw: (p) => {
          const raw = p("UserPromptSubmit");
          raw.output.parts.push({ type: "text", text: "attached file body", synthetic: true }, { type: "file", url: "file:///x" });
          return raw;
        },
        equals: { ...base, prompt: '"Run echo hi using the bash tool."' },
      },
    ],
    "SessionStart and Stop: the session of a bus event": [
      { event: "SessionStart", equals: { ...base, source: "startup" } },
      { event: "Stop", equals: base },
    ],
    "SubagentStart and SubagentStop: a child session, in the session that started it": [
      { event: "SubagentStart", equals: { ...base, agentId: "ses_dd613e9a1ffeSubAgentChild01" } },
      { event: "SubagentStop", equals: { ...base, agentId: "ses_dd613e9a1ffeSubAgentChild01" } },
    ],
    "PostToolUseFailure: a tool part in the error state": [
      {
        event: "PostToolUseFailure",
        tool: { kind: "shell", command: "false" },
        equals: {
          ...base,
          toolName: "bash",
          toolInput: { command: "false", description: "Fail" },
          toolUseId: "call_mock_2",
          error: "Command exited with code 1",
        },
      },
    ],
  },
  // `{plugin,plugins}/*.{ts,js}` of the config dirs; one file name in both scopes (OpenCode runs one).
  install: {
    kind: "plugin",
    name: "OpenCode",
    folders: {
      user: (home) => join(home, ".config", "opencode", "plugins"),
      relocated: { env: "XDG_CONFIG_HOME", folder: (xdg) => join(xdg, "opencode", "plugins") },
      project: (project) => join(project, ".opencode", "plugins"),
    },
  },
};
