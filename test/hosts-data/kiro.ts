import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { exit2, plainText } from "../support/decisions.ts";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { PLAIN } from "./mcp.ts";

// No real run (sign-in): payloads written from kiro.dev (test/fixtures/kiro/README.md).
const hooksPath = (box: Sandbox) => join(box.home, ".kiro", "hooks", "agent-connector-guard.json");
const hook = (event: string, matcher?: string) => ({
  name: `agent-connector-guard-${event}`,
  trigger: event,
  ...(matcher ? { matcher } : {}),
  action: { type: "command", command: hookCommand("kiro", event) },
  timeout: 30,
});
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "execute_bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "House rules." }) },
  },
}`;

export const kiro: HostRecord = {
  id: "kiro",
  mcp: { kind: "user-file", file: ".kiro/settings/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
  fixtures: fromDocsEach(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // Exit 2 blocks (stderr to the model); plain stdout is context on session start and prompt submit.
  replies: {
    SessionStart: { deny: plainText("R"), context: plainText("C") },
    UserPromptSubmit: { deny: exit2("R"), context: plainText("C") },
    PreToolUse: { deny: exit2("R") },
    PostToolUse: {},
    Stop: {},
  },
  seen: {
    "PreToolUse: snake_case, no session id": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "rm -rf node_modules" },
        equals: (box) => ({
          hostPlatform: "kiro",
          connectorId: "test",
          sessionId: "",
          projectDir: box.project,
          toolName: "execute_bash",
          toolInput: { command: "rm -rf node_modules" },
        }),
      },
    ],
    "the prompt; tool_response.result is the output": [
      { event: "UserPromptSubmit", matches: { prompt: "Remove node_modules" } },
      { event: "PostToolUse", matches: { toolName: "fs_read", toolOutput: '["# Demo"]', isError: false } },
    ],
  },
  matchers: {
    config: { PreToolUse: "execute_bash" },
    cases: {
      "matcher: the whole tool name": [
        { event: "PreToolUse", reply: exit2("R") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "execute_bash_v2" }), reply: null },
      ],
    },
  },
  missing: { events: ["SessionEnd", "PreCompact", "PostCompact", "Notification", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: hooksPath,
    projectFile: (project) => join(project, ".kiro", "hooks", "agent-connector-guard.json"),
    // A v3 hooks file of ours alone, the matcher anchored (Kiro's is a regex).
    fresh: () => `${JSON.stringify({ version: "v1", hooks: [hook("SessionStart"), hook("PreToolUse", "^(?:execute_bash)$")] }, null, 2)}\n`,
    freshStderr: () => ["Kiro CLI runs the hooks files of ~/.kiro/hooks/ in every workspace from 2.13.0 on"],
    command: (written) => written.hooks[1].action.command,
    deny: exit2("no shell"),
    hooks: 2,
    refused: [
      { text: `{ "hooks": [ }`, error: (box) => `${hooksPath(box)}: cannot be parsed` },
      { text: `{ "version": "v1", "hooks": {} }\n`, error: (box) => `${hooksPath(box)}: hooks must be an array of hooks; nothing was written` },
    ],
    dryRun: [`+  "version": "v1",`, `+      "trigger": "PreToolUse",`],
    uninstallDryRun: () => `-        "command": "${hookCommand("kiro", "PreToolUse")}"`,
  },
  extra: () => {
    describe("kiro: doctor", () => {
      test("reads plain stdout as the context Kiro takes, not as a broken JSON reply", () => {
        const { box, install } = installSetup("kiro", SOURCE);
        expect(install().exitCode).toBe(0);
        const result = box.cli(["doctor"]);
        expect(result.stdout + result.stderr).toContain("ok    SessionStart: replied text (context): House rules.");
        expect(result.exitCode).toBe(0);
      });
    });
  },
};
