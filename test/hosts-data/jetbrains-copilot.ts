import { join } from "node:path";
import { hookCommand } from "../support/install.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// Source-verified only: the hook calls of the Copilot language server the plugin bundles (1.539.0), never run.
const ourFile = (project: string) => join(project, ".github", "hooks", "agent-connector-guard.jetbrains.json");
const entry = (event: string) => ({ type: "command", bash: hookCommand("jetbrains-copilot", event), timeoutSec: 30 });
const deny = (reason: string) => ({ permissionDecision: "deny", permissionDecisionReason: reason });
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
  fixtures: fromDocsEach(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // Only a preToolUse deny is read (top level; hookSpecificOutput is not): an ask is no reply (the IDE's own flow).
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: {},
    PreToolUse: { deny: deny("R") },
    PostToolUse: {},
    Stop: {},
  },
  seen: {
    "PreToolUse: camelCase, toolArgs a JSON text, cwd is the project, no session id": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "gradle clean" },
        equals: (box) => ({
          hostPlatform: "jetbrains-copilot",
          connectorId: "test",
          sessionId: "",
          projectDir: box.project,
          toolName: "run_in_terminal",
          toolInput: { command: "gradle clean" },
        }),
      },
    ],
    "the other events' fields; the third-party guide's snake_case as the alternatives": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "complete" } },
      { event: "UserPromptSubmit", matches: { prompt: "clean the build" } },
      { event: "PostToolUse", matches: { toolOutput: "BUILD SUCCESSFUL in 2s", isError: false } },
      {
        event: "PostToolUse",
        raw: (p) => ({ ...p("PostToolUse"), toolResult: { resultType: "failure", textResultForLlm: "exit 1" } }),
        matches: { isError: true },
      },
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
        { event: "PreToolUse", reply: deny("R") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), toolName: "read_file" }), reply: null },
      ],
    },
  },
  missing: {
    events: ["PreCompact", "Notification", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop", "PostCompact"],
    raw: { timestamp: 1796001639000, cwd: "/ws" },
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    projectOnly: true,
    file: (box) => ourFile(box.project),
    // Flat entries (no matcher groups), Copilot CLI's keys, camelCase events, version 1, no matcher written.
    fresh: () =>
      `${JSON.stringify({ version: 1, hooks: { sessionStart: [entry("SessionStart")], preToolUse: [entry("PreToolUse")], agentStop: [entry("Stop")] } }, null, 2)}\n`,
    freshStderr: () => [
      "If your handlers return them, some responses degrade on GitHub Copilot for JetBrains: agent-connector explain shows which.",
      "GitHub Copilot for JetBrains: the hook contract is taken from the source of the Copilot language server the plugin bundles (1.539.0), never run for real.",
    ],
    command: (written) => written.hooks.preToolUse[0].bash,
    deny: deny("no shell"),
    hooks: 3,
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
