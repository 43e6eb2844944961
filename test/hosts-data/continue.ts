import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { installSetup } from "../support/install.ts";
import { specific } from "../support/decisions.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { CLAUDE_REPLIES, claudeSettingsInstall } from "./claude-code.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// `cn` 1.5.47 fires no hook, so nothing could be captured: every payload is written from the
// source of its hook module (test/fixtures/continue/README.md). Its replies are Claude Code's.
const { PostCompact: _none, StopFailure: _neither, PermissionDenied: _nor, ...replies } = CLAUDE_REPLIES;

export const continueCli: HostRecord = {
  id: "continue",
  mcp: { kind: "own-test", file: "test/hosts-data/continue.ts" },
  fixtures: fromDocsEach([
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PreCompact",
    "Stop",
    "Notification",
    "PermissionRequest",
    "SubagentStart",
    "SubagentStop",
  ]),
  replies,
  env: { CONTINUE_PROJECT_DIR: "/the/project" },
  seen: {
    "PreToolUse: CONTINUE_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { CONTINUE_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: {
          hostPlatform: "continue",
          connectorId: "test",
          sessionId: "0d4c7b8e-5a61-4f0e-9d2b-3f6a1c2e9b70",
          permissionMode: "normal",
          toolUseId: "call_91",
          projectDir: "/the/project",
          toolName: "Bash",
          toolInput: { command: "echo hi | tee tool-ran.marker" },
        },
      },
    ],
    "the other events' fields": [
      { event: "PostToolUse", matches: { toolOutput: "hi\n" } },
      { event: "PostToolUseFailure", matches: { error: "Command failed with exit code 1", isInterrupt: false, toolUseId: "call_92" } },
      // sic: cn sends true on every Stop (fireHook.ts), so it is no loop guard there.
      { event: "Stop", matches: { stopHookActive: true } },
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "prompt_input_exit" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the Bash tool." } },
      { event: "PreCompact", matches: { trigger: "manual" } },
      { event: "Notification", matches: { message: "cn needs your approval to run Bash" } },
      { event: "SubagentStop", matches: { agentId: "sub-1", agentType: "explorer", lastAssistantMessage: "Found 2 call sites." } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Bash", SubagentStart: "expl.*" },
    cases: {
      "matcher: Bash matches Bash, not a name that merely contains it": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "BashOutput" }), reply: null },
      ],
      "matcher: subagent events match the agent type": [
        { event: "SubagentStart", response: { decision: "context", additionalContext: "C" }, reply: specific("SubagentStart", { additionalContext: "C" }) },
        { event: "SubagentStart", raw: (p) => ({ ...p("SubagentStart"), agent_type: "planner" }), reply: null },
      ],
    },
  },
  missing: { events: ["PostCompact", "StopFailure", "PermissionDenied"] },
  // cn tests a matcher with an unanchored RegExp.test: "Bash" is written "^(?:Bash)$".
  install: claudeSettingsInstall(".continue", "CONTINUE_GLOBAL_DIR", { anchorPlainNames: true }),
  extra: () => {
    describe("continue: MCP servers in a JSON file of ours in .continue/mcpServers/ (Continue reads Claude-format JSON there)", () => {
      test("written, kept across reinstall, removed with the file on uninstall", () => {
        const { box, install, uninstall } = installSetup(
          "continue",
          `{ id: "guard", mcpServers: { tools: { command: "node", args: ["/opt/s.js"] }, docs: { url: "https://d.example/mcp" } } }`,
        );
        const file = join(box.home, ".continue", "mcpServers", "agent-connector.json");
        expect(install().exitCode).toBe(0);
        expect(JSON.parse(box.read(file))).toEqual({ mcpServers: { tools: { command: "node", args: ["/opt/s.js"] }, docs: { url: "https://d.example/mcp" } } });
        expect(install().stderr).toContain("already up to date");
        expect(uninstall().exitCode).toBe(0);
        expect(box.exists(file)).toBe(false);
      });
    });
    nativeHookChecks("continue", {
      event: "ConfigChange",
      file: (box) => join(box.home, ".continue", "settings.json"),
      raw: () => ({ session_id: "s", transcript_path: "", cwd: "/p", hook_event_name: "ConfigChange" }),
    });
  },
};
