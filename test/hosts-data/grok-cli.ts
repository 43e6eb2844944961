import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { exit2 } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { SERVERS, URL_HTTP, URL_SSE, json } from "./mcp.ts";

// grok-dev 1.1.7 (superagent-ai grok-cli), written from its source (test/fixtures/grok-cli/README.md).
const settingsPath = (box: Sandbox) => join(box.home, ".grok", "user-settings.json");
const command = (event: string) => hookCommand("grok-cli", event);
const group = (event: string) => ({ hooks: [{ type: "command", command: command(event), timeout: 30 }] });
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    UserPromptSubmit: { handler: () => ({ decision: "context", additionalContext: "House rules." }) },
  },
}`;
const USER_SETTINGS = `{
  "apiKey": "xai-placeholder",
  "defaultModel": "grok-code-fast-1",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "bash",
        "hooks": [{ "type": "command", "command": "./audit.sh", "timeout": 5 }]
      }
    ]
  }
}
`;
// Grok CLI acts on nothing but a block of bash's PreToolUse.
const SILENT = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "Notification",
  "StopFailure",
] as const;

// Grok CLI: a list of servers, each with id, label and enabled.
const GROK_CLI_MCP = [
  { id: "rec", label: "rec", enabled: true, transport: "stdio", ...SERVERS.rec },
  { id: "api", label: "api", enabled: true, transport: "http", url: URL_HTTP },
  { id: "old", label: "old", enabled: true, transport: "sse", url: URL_SSE },
];

export const grokCli: HostRecord = {
  id: "grok-cli",
  mcp: {
    kind: "scopes",
    user: [".grok/user-settings.json", json({ mcp: { servers: GROK_CLI_MCP } })],
    project: null,
    own: json({ mcp: { servers: [{ id: "rec", command: "mine" }] } }),
  },
  fixtures: fromDocsEach(["PreToolUse", ...SILENT]),
  // A deny is exit 2 with the reason on stderr: a JSON block would hide the reason from the model.
  replies: { PreToolUse: { deny: exit2("R") }, ...Object.fromEntries(SILENT.map((event) => [event, {}])) },
  seen: {
    "PreToolUse: snake_case, the bash tool": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "grok-cli",
          connectorId: "test",
          sessionId: "s_81f2",
          projectDir: box.project,
          toolName: "bash",
          toolInput: { command: "git push --force" },
        }),
      },
    ],
    "the prompt is user_prompt; the tool output its text": [
      { event: "UserPromptSubmit", matches: { prompt: "Push my branch" } },
      { event: "PostToolUse", matches: { toolOutput: "Everything up-to-date" } },
      { event: "PostToolUseFailure", matches: { error: "remote rejected" } },
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SubagentStop", matches: { agentType: "explore" } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "Notification", matches: { message: "Grok needs your attention" } },
      { event: "StopFailure", matches: { error: "Request failed with status code 429" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "bash" },
    cases: {
      "matcher: matched at run time (Grok CLI compares exact strings only)": [
        { event: "PreToolUse", reply: exit2("R") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "Bash" }), reply: null },
      ],
    },
  },
  missing: { events: ["PermissionRequest"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: settingsPath,
    // No native matcher: every bash call reaches us, and we match.
    fresh: () => `${JSON.stringify({ hooks: { UserPromptSubmit: [group("UserPromptSubmit")], PreToolUse: [group("PreToolUse")] } }, null, 2)}\n`,
    // What handlers might return degrades in one line here; explain lists each case.
    freshStderr: () => [
      "Grok CLI PreToolUse: fires for its bash tool only; file edits and other tools never reach this handler.",
      "If your handlers return them, some responses degrade on Grok CLI: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    deny: exit2("no shell"),
    hooks: 2,
    existing: { text: USER_SETTINGS },
    refused: [
      { text: `{ "hooks": { "PreToolUse": [ }`, error: (box) => `${settingsPath(box)}: cannot be parsed` },
      { text: `{ "hooks": [] }\n`, error: (box) => `${settingsPath(box)}: hooks must be an object of events; nothing was written` },
    ],
    dryRun: [`+    "UserPromptSubmit": [`],
    uninstallDryRun: () => `-            "command": "${command("PreToolUse")}",`,
  },
  extra: () => {
    describe("grok-cli: what explain reports", () => {
      test("UserPromptSubmit can neither block nor add context; PreToolUse fires for bash only", () => {
        const { box, config } = installSetup("grok-cli", SOURCE);
        const result = box.cli(["explain", "--config", config]);
        expect(result.exitCode).toBe(0);
        const rows = result.stdout.split("\n").filter((line) => line.startsWith("grok-cli "));
        expect(rows.map((line) => line.replace(/\s+/g, " ").trim())).toEqual([
          "grok-cli user wired * wired, run-time matcher *",
          "grok-cli UserPromptSubmit deny → ignored (the host cannot block here)",
          "grok-cli UserPromptSubmit context → dropped (the host has no context channel here)",
          "grok-cli PreToolUse ask → no opinion (the host's own permission flow)",
          "grok-cli PreToolUse modify → ignored (the original input is used)",
          "grok-cli PreToolUse context → dropped (the host has no context channel here)",
          "grok-cli no no no",
          "grok-cli PreToolUse fires for its bash tool only; file edits and other tools never reach this handler.",
        ]);
      });
    });
  },
};
