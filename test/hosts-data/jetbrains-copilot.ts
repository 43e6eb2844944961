import { join } from "node:path";
import { specific } from "../support/decisions.ts";
import { hookCommand } from "../support/install.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// Doc-verified only: the plugin's own harness as a third-party guide describes it (never run).
const ourFile = (project: string) => join(project, ".github", "hooks", "agent-connector-guard.jetbrains.json");
const entry = (event: string) => ({ type: "command", command: hookCommand("jetbrains-copilot", event), timeout: 30 });
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "run_in_terminal", handler: () => ({ decision: "deny", reason: "no shell" }) },
    SessionStart: { handler: () => ({ additionalContext: "House rules." }) },
    Stop: { handler: () => undefined },
  },
}`;

export const jetbrainsCopilot: HostRecord = {
  id: "jetbrains-copilot",
  mcp: { kind: "own-test", file: "test/mcp-hosts.test.ts" },
  fixtures: fromDocsEach(["SessionStart", "PreToolUse", "PostToolUse", "PreCompact"]),
  replies: {
    SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
    PreToolUse: {
      deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
      ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    },
    PostToolUse: {},
    PreCompact: {},
  },
  seen: {
    "PreToolUse: Claude-like snake_case, cwd is the project": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "gradle clean" },
        equals: (box) => ({
          hostPlatform: "jetbrains-copilot",
          connectorId: "test",
          sessionId: "jb-41a2",
          projectDir: box.project,
          toolName: "run_in_terminal",
          toolInput: { command: "gradle clean" },
        }),
      },
    ],
    "the other events' fields; sessionId and workspace_roots as the alternatives": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "PostToolUse", matches: { toolOutput: "BUILD SUCCESSFUL in 2s" } },
      { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), error_message: "exit 1" }), matches: { isError: true } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      {
        event: "SessionStart",
        raw: () => ({ sessionId: "jb-9", workspace_roots: ["/ws"], hook_event_name: "SessionStart" }),
        matches: { sessionId: "jb-9", projectDir: "/ws" },
      },
    ],
  },
  // The plugin ignores matchers: every call reaches us and the runtime matches.
  matchers: {
    config: { PreToolUse: "run_in_terminal" },
    cases: {
      "matcher at run time": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "read_file" }), reply: null },
      ],
    },
  },
  missing: {
    events: [
      "SessionEnd",
      "UserPromptSubmit",
      "Stop",
      "Notification",
      "PermissionRequest",
      "PostToolUseFailure",
      "SubagentStart",
      "SubagentStop",
      "PostCompact",
    ],
    raw: { session_id: "jb-41a2", hook_event_name: "Stop" },
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    projectOnly: true,
    file: (box) => ourFile(box.project),
    // Flat entries (no matcher groups), version 1, no matcher written.
    fresh: () => `${JSON.stringify({ version: 1, hooks: { SessionStart: [entry("SessionStart")], PreToolUse: [entry("PreToolUse")] } }, null, 2)}\n`,
    freshStderr: () => [
      "GitHub Copilot for JetBrains has no Stop event: this handler never runs there.",
      "If your handlers return them, some responses degrade on GitHub Copilot for JetBrains: agent-connector explain shows which.",
      "GitHub Copilot for JetBrains: the hook contract is taken from docs (a third-party guide, plugin 1.5.57+), never run for real.",
    ],
    command: (written) => written.hooks.PreToolUse[0].command,
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
    hooks: 2,
    refused: [{ text: "{ not json", error: (box) => `${ourFile(box.project)}: cannot be parsed` }],
    dryRun: [`+  "version": 1,`],
    dryRunAbsent: (box) => join(box.project, ".github"),
    uninstallDryRun: () => `-  "version": 1,`,
  },
  extra: () => {
    nativeHookChecks("jetbrains-copilot", {
      event: "SubagentTurnStart",
      installArgs: (box) => ["--scope", "project", "--project-dir", box.project],
      file: (box) => ourFile(box.project),
      raw: () => ({ session_id: "jb-41a2", hook_event_name: "SubagentTurnStart" }),
    });
  },
};
