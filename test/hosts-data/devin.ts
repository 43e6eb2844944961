import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { SERVERS, URL_HTTP, URL_SSE, json, ownServer } from "./mcp.ts";

// No real run (Devin CLI needs a Cognition account): every payload is written from its docs.
const configPath = (box: Sandbox) => join(box.home, ".config", "devin", "config.json");
const handler = (event: string) => ({ type: "command", command: hookCommand("devin", event), timeout: 30 });
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "exec", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "mcp__.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`;
// config.json is JSONC and holds the rest of Devin's settings.
const USER_CONFIG = `{
  // my Devin settings
  "agent": { "model": "swe-1-6-fast" },
  "permissions": { "allow": ["Read(**)", "Exec(git)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "edit", "hooks": [{ "type": "command", "command": "./check-edit.sh", "timeout": 5 }] }
    ]
  }
}
`;
const block = { decision: "block", reason: "R" };

// The "devin" MCP format: the transport named by `transport`.
const DEVIN_MCP = { rec: SERVERS.rec, api: { transport: "http", url: URL_HTTP }, old: { transport: "sse", url: URL_SSE } };

export const devin: HostRecord = {
  id: "devin",
  mcp: {
    kind: "scopes",
    user: [".config/devin/config.json", json({ mcpServers: DEVIN_MCP })],
    project: [".devin/config.json", json({ mcpServers: DEVIN_MCP })],
    own: ownServer(["mcpServers"]),
  },
  fixtures: fromDocsEach(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PermissionRequest", "Stop"]),
  // Top-level decision: approve | block | deny. No context channel, ask or input rewrite.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: { deny: block },
    PreToolUse: { allow: { decision: "approve" }, deny: block },
    PostToolUse: {},
    PermissionRequest: { allow: { decision: "approve" }, deny: { decision: "deny", reason: "R" } },
    Stop: { deny: block },
  },
  env: { DEVIN_PROJECT_DIR: "/the/project" },
  seen: {
    "PreToolUse: no cwd in the payload, DEVIN_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { DEVIN_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "terraform destroy" },
        equals: {
          hostPlatform: "devin",
          connectorId: "test",
          sessionId: "devin-7c1a",
          projectDir: "/the/project",
          toolName: "exec",
          toolInput: { command: "terraform destroy", shell_id: "main" },
        },
      },
    ],
    "PostToolUse: tool_response.output is the text, a non-null error flags a failure": [
      { event: "PostToolUse", matches: { toolOutput: "Error: no state", isError: true } },
      {
        event: "PostToolUse",
        raw: (p) => ({ ...p("PostToolUse"), tool_response: { success: true, output: "ok", error: null } }),
        check: (seen) => expect([seen.toolOutput, seen.isError]).toEqual(["ok", undefined]),
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup", sessionId: "devin-7c1a" } },
      { event: "SessionEnd", matches: { reason: "exit" } },
      { event: "UserPromptSubmit", matches: { prompt: "Tear down the staging stack" } },
      { event: "PermissionRequest", matches: { toolName: "exec", toolInput: { command: "git push", shell_id: "main" } } },
      { event: "Stop", matches: { stopHookActive: false } },
    ],
  },
  matchers: {
    config: { PreToolUse: "exec", PermissionRequest: "ex.*" },
    cases: {
      "matcher: exec (Devin's shell) matches, a longer name does not": [
        { event: "PreToolUse", reply: block },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "exec_background" }), reply: null },
      ],
      "matcher: PermissionRequest matches the tool name": [
        { event: "PermissionRequest", reply: { decision: "deny", reason: "R" } },
        { event: "PermissionRequest", raw: (p) => ({ ...p("PermissionRequest"), tool_name: "edit" }), reply: null },
      ],
    },
  },
  missing: { events: ["PreCompact", "PostCompact", "Notification", "PostToolUseFailure", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: configPath,
    projectFile: (project) => join(project, ".devin", "config.json"),
    // Devin tests the regex unanchored: even a plain name is written anchored.
    fresh: () =>
      `${JSON.stringify(
        {
          hooks: {
            PreToolUse: [{ matcher: "^(?:exec)$", hooks: [handler("PreToolUse")] }],
            PostToolUse: [{ matcher: "^(?:mcp__.*)$", hooks: [handler("PostToolUse")] }],
            Stop: [{ hooks: [handler("Stop")] }],
          },
        },
        null,
        2,
      )}\n`,
    freshStderr: () => [
      "Devin CLI has no Notification event: this handler never runs there.",
      "If your handlers return them, some responses degrade on Devin CLI: agent-connector explain shows which.",
    ],
    command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
    commandEnv: { DEVIN_PROJECT_DIR: "/the/project" },
    deny: { decision: "block", reason: "no shell" },
    hooks: 3,
    existing: { text: USER_CONFIG },
    refused: [
      { text: `{ "hooks": { "Stop": [ }`, error: (box) => `${configPath(box)}: cannot be parsed` },
      { text: `{ "hooks": { "Stop": { "command": "x" } } }\n`, error: (box) => `${configPath(box)}: hooks.Stop must be an array` },
    ],
    dryRun: [`+    "Stop": [`],
    uninstallDryRun: () => `-            "command": "${hookCommand("devin", "Stop")}",`,
  },
  extra: () => {
    describe("devin: config.json as the user keeps it", () => {
      test("comments, other settings and the user's hooks stay; ours follow theirs", () => {
        const { box, install } = installSetup("devin", SOURCE);
        box.write(configPath(box), USER_CONFIG);
        expect(install().exitCode).toBe(0);
        const text = box.read(configPath(box));
        expect(text).toStartWith(
          `{\n  // my Devin settings\n  "agent": { "model": "swe-1-6-fast" },\n  "permissions": { "allow": ["Read(**)", "Exec(git)"] },\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "edit", "hooks": [{ "type": "command", "command": "./check-edit.sh", "timeout": 5 }] },\n`,
        );
        expect(text.split("--connector guard").length - 1).toBe(3);
      });
    });
  },
};
