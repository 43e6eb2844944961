import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { PLAIN, URL_HTTP } from "./mcp.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// No official docs and no real run: payloads written from third-party runs of agy 1.0.5
// (test/fixtures/antigravity/README.md). The IDE and the CLI share them.
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "run_command", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
  },
}`;
const GEMINI_SETTINGS = `{ "theme": "Default", "hooks": { "BeforeTool": [] } }\n`;
const deny = { decision: "deny", reason: "R" };

function antigravityRecord(id: "antigravity" | "antigravity-cli", userDir: string[], other: string, otherDir: string[]): HostRecord {
  const userPath = (box: Sandbox) => join(box.home, ...userDir, "hooks.json");
  const handler = { type: "command", command: hookCommand(id, "PreToolUse"), timeout: 30 };
  return {
    id,
    // Both keep MCP servers in mcp_config.json beside their hooks, a remote one under serverUrl.
    mcp: { kind: "user-file", file: [...userDir, "mcp_config.json"].join("/"), root: "mcpServers", rec: PLAIN.rec, api: { serverUrl: URL_HTTP } },
    fixtures: fromDocsEach(["PreToolUse", "PostToolUse"]),
    // {decision, reason}; ask prompts, an allow does not skip Antigravity's own review.
    replies: { PreToolUse: { deny, ask: { decision: "ask", reason: "R" } }, PostToolUse: {} },
    seen: {
      "PreToolUse: camelCase, toolCall {name, args}, the first workspace path": [
        {
          event: "PreToolUse",
          tool: (box: Sandbox) => ({ kind: "shell", command: "rm -rf node_modules", cwd: box.project }),
          equals: (box) => ({
            hostPlatform: id,
            connectorId: "test",
            sessionId: "c-81f0",
            transcriptPath: `${box.project}/.gemini/brain/c-81f0/transcript.jsonl`,
            projectDir: box.project,
            toolName: "run_command",
            toolInput: { CommandLine: "rm -rf node_modules", Cwd: box.project },
          }),
        },
        { event: "PostToolUse", matches: { toolName: "view_file", isError: true } },
      ],
    },
    matchers: {
      config: { PreToolUse: "run_command" },
      cases: {
        "matcher: the whole tool name": [
          { event: "PreToolUse", reply: deny },
          { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), toolCall: { name: "run_command_v2", args: {} } }), reply: null },
        ],
      },
    },
    missing: {
      events: [
        "SessionStart",
        "SessionEnd",
        "UserPromptSubmit",
        "Stop",
        "PreCompact",
        "PostCompact",
        "Notification",
        "PermissionRequest",
        "PostToolUseFailure",
        "SubagentStart",
        "SubagentStop",
      ],
      raw: { conversationId: "c-81f0" },
    },
    install: {
      kind: "hook-file",
      source: SOURCE,
      file: userPath,
      projectFile: (project) => join(project, ".agents", "hooks.json"),
      fresh: () => `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "^(?:run_command)$", hooks: [handler] }] } }, null, 2)}\n`,
      freshStderr: () => ["hooks are not documented by Google", "has no Stop event: this handler never runs there."],
      command: (written) => written.hooks.PreToolUse[0].hooks[0].command,
      deny: { decision: "deny", reason: "no shell" },
      hooks: 1,
      existing: { text: `{\n  "hooks": {\n    "PostToolUse": [{ "matcher": "", "hooks": [{ "type": "command", "command": "./audit.sh" }] }]\n  }\n}\n` },
      refused: [{ text: `{ "hooks": { "PreToolUse": [ }`, error: (box) => `${userPath(box)}: cannot be parsed` }],
      dryRun: [`+    "PreToolUse": [`],
      uninstallDryRun: () => `-            "command": "${hookCommand(id, "PreToolUse")}",`,
    },
    extra: () => {
      describe(`${id}: the ~/.gemini tree it shares with Gemini CLI`, () => {
        test("install and uninstall never touch Gemini CLI's settings.json", () => {
          const { box, install, uninstall } = installSetup(id, SOURCE);
          const gemini = join(box.home, ".gemini", "settings.json");
          box.write(gemini, GEMINI_SETTINGS);
          expect(install().exitCode).toBe(0);
          expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
          expect(uninstall().exitCode).toBe(0);
          expect(box.read(gemini)).toBe(GEMINI_SETTINGS);
        });
        test(`a project install warns that ${other} runs the same .agents/hooks.json`, () => {
          const { box, install } = installSetup(id, SOURCE);
          box.write(join(box.home, ...otherDir, ".keep"), ""); // the other one is on this machine
          const result = install("--scope", "project", "--project-dir", box.project);
          expect(result.exitCode).toBe(0);
          expect(result.stderr.replace(/\s+/g, " ")).toContain(`${other} also runs`);
        });
      });
    },
  };
}

export const antigravity = antigravityRecord("antigravity", [".gemini", "antigravity"], "Antigravity CLI", [".gemini", "antigravity-cli"]);
export const antigravityCli = antigravityRecord("antigravity-cli", [".gemini", "config"], "Antigravity", [".gemini", "antigravity"]);
