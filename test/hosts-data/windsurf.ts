import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { exit2 } from "../support/decisions.ts";
import { fixturePayload, type Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { PLAIN, URL_HTTP } from "./mcp.ts";

// No real run (an IDE with sign-in): payloads written from docs.windsurf.com (test/fixtures/windsurf/README.md).
const hooksPath = (box: Sandbox) => join(box.home, ".codeium", "windsurf", "hooks.json");
const entry = (event: string) => [{ command: hookCommand("windsurf", event) }];
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "run_command", handler: () => ({ decision: "deny", reason: "no shell" }) },
    UserPromptSubmit: { handler: () => undefined },
  },
}`;
const USER_HOOKS = `{
  // my hooks
  "hooks": {
    "post_write_code": [{ "command": "./format.sh", "show_output": true }]
  }
}
`;
const PRE = ["pre_run_command", "pre_write_code", "pre_read_code", "pre_mcp_tool_use"];

export const windsurf: HostRecord = {
  id: "windsurf",
  mcp: { kind: "user-file", file: ".codeium/windsurf/mcp_config.json", root: "mcpServers", rec: PLAIN.rec, api: { serverUrl: URL_HTTP } },
  fixtures: fromDocsEach(["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
  // Exit 2 blocks a pre-hook and shows stderr to the agent; stdout is never read.
  replies: { UserPromptSubmit: { deny: exit2("R") }, PreToolUse: { deny: exit2("R") }, PostToolUse: {}, Stop: {} },
  seen: {
    "PreToolUse: the kind of hook is the tool, tool_info its input": [
      {
        event: "PreToolUse",
        tool: (box: Sandbox) => ({ kind: "shell", command: "rm -rf ./dist", cwd: box.project }),
        equals: (box) => ({
          hostPlatform: "windsurf",
          connectorId: "test",
          sessionId: "traj-5a1",
          projectDir: box.project,
          toolName: "run_command",
          toolInput: { command_line: "rm -rf ./dist", cwd: box.project },
        }),
      },
      { event: "PreToolUse", raw: (_p, box) => fixturePayload("windsurf", "PreToolUse-write", box), matches: { toolName: "write_code" } },
      {
        event: "PreToolUse",
        raw: (_p, box) => fixturePayload("windsurf", "PreToolUse-mcp", box),
        matches: { toolName: "create_issue", toolInput: { title: "Flaky test" } },
      },
    ],
    "the prompt, an MCP tool's result": [
      { event: "UserPromptSubmit", matches: { prompt: "Clean the build folder", sessionId: "traj-5a1" } },
      { event: "PostToolUse", matches: { toolName: "create_issue", toolOutput: "Created issue #12" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_command" },
    cases: {
      "matcher: matched at run time on the kind of hook (Windsurf has no matchers)": [
        { event: "PreToolUse", reply: exit2("R") },
        { event: "PreToolUse", raw: (_p, box) => fixturePayload("windsurf", "PreToolUse-write", box), reply: null },
      ],
    },
  },
  missing: {
    events: [
      "SessionStart",
      "SessionEnd",
      "PreCompact",
      "PostCompact",
      "Notification",
      "PermissionRequest",
      "PostToolUseFailure",
      "SubagentStart",
      "SubagentStop",
    ],
  },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: hooksPath,
    projectFile: (project) => join(project, ".windsurf", "hooks.json"),
    // The matcher names a known kind of hook: its pre-hook only; no timeout field.
    fresh: () => `${JSON.stringify({ hooks: { pre_user_prompt: entry("UserPromptSubmit"), pre_run_command: entry("PreToolUse") } }, null, 2)}\n`,
    freshStderr: () => ["Windsurf PreToolUse: the tool name is the kind of hook: run_command, write_code, read_code, or the MCP tool's own name."],
    command: (written) => written.hooks.pre_run_command[0].command,
    deny: exit2("no shell"),
    hooks: 2,
    existing: { text: USER_HOOKS },
    refused: [
      { text: `{ "hooks": { "pre_run_command": [ }`, error: (box) => `${hooksPath(box)}: cannot be parsed` },
      {
        text: `{ "hooks": { "pre_run_command": {} } }\n`,
        error: (box) => `${hooksPath(box)}: hooks.pre_run_command must be an array of hook entries; nothing was written`,
      },
    ],
    dryRun: [`+    "pre_run_command": [`],
    uninstallDryRun: () => `-        "command": "${hookCommand("windsurf", "PreToolUse")}"`,
  },
  extra: () => {
    describe("windsurf: which pre-hooks a PreToolUse handler is written under", () => {
      const wired = (matcher: string | undefined) => {
        const { box, install } = installSetup(
          "windsurf",
          `{ id: "guard", hooks: { PreToolUse: { ${matcher === undefined ? "" : `matcher: ${JSON.stringify(matcher)}, `}handler: () => undefined } } }`,
        );
        expect(install().exitCode).toBe(0);
        return Object.keys(JSON.parse(box.read(hooksPath(box))).hooks);
      };
      test("no matcher: all four", () => expect(wired(undefined)).toEqual(PRE));
      test("a known kind and an MCP tool's name: that kind and the MCP hook", () =>
        expect(wired("write_code|create_issue")).toEqual(["pre_write_code", "pre_mcp_tool_use"]));
      test("a pattern: the kinds it matches, and the MCP hook (an MCP tool may match too)", () =>
        expect(wired("r.*")).toEqual(["pre_run_command", "pre_read_code", "pre_mcp_tool_use"]));
    });
  },
};
