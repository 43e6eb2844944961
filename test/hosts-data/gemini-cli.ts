import { expect, test } from "bun:test";
import { join } from "node:path";
import { specific } from "../support/decisions.ts";
import { fixturePayload } from "../support/harness.ts";
import { installSetup } from "../support/install.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { PLAIN, URL_HTTP } from "./mcp.ts";

const deny = { decision: "deny", reason: "R" };

export const geminiCli: HostRecord = {
  id: "gemini-cli",
  mcp: { kind: "user-file", file: ".gemini/settings.json", root: "mcpServers", rec: PLAIN.rec, api: { httpUrl: URL_HTTP } },
  // Gemini's own event names; Notification never fired with --yolo.
  fixtures: {
    SessionStart: captured("SessionStart"),
    SessionEnd: captured("SessionEnd"),
    UserPromptSubmit: captured("BeforeAgent"),
    PreToolUse: captured("BeforeTool"),
    PostToolUse: captured("AfterTool"),
    PreCompact: captured("PreCompress"),
    Stop: captured("AfterAgent"),
    Notification: fromDocs("Notification"),
  },
  replies: {
    SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
    SessionEnd: {},
    UserPromptSubmit: { deny, context: specific("BeforeAgent", { additionalContext: "C" }) },
    // Top-level decision: the Claude-shaped permissionDecision is ignored by Gemini and the tool runs.
    PreToolUse: { deny, modify: specific("BeforeTool", { tool_input: { command: "echo safe" } }) },
    PostToolUse: { deny, context: specific("AfterTool", { additionalContext: "C" }), updatedOutput: specific("AfterTool", { tool_output: "O" }) },
    PreCompact: {},
    Stop: { deny }, // the answer is rejected and R is the next prompt
    Notification: {},
  },
  seen: {
    "BeforeTool from the real payload; GEMINI_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { GEMINI_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "gemini-cli",
          connectorId: "test",
          sessionId: "73b1f346-f56a-46c1-bf50-a85448b29602",
          transcriptPath: `${box.home}/.gemini/tmp/cwd/chats/session-2026-11-30T00-47-73b1f346.jsonl`,
          projectDir: "/the/project",
          toolName: "run_shell_command",
          toolInput: { command: "echo hi | tee tool-ran.marker" },
        }),
      },
    ],
    "AfterTool: the text is llmContent; tool_response.error makes isError": [
      {
        event: "PostToolUse",
        raw: (p) => ({ ...p("PostToolUse"), tool_name: "read_many_files" }),
        check: (seen) => {
          expect(seen.toolOutput).toBe("<untrusted_context>\nOutput: hi\nProcess Group PGID: 5612\n</untrusted_context>");
          expect(seen.isError).toBeUndefined();
        },
      },
      {
        event: "PostToolUse",
        raw: (_, box) => fixturePayload("gemini-cli", "AfterTool.error", box),
        matches: (box) => ({ toolName: "read_file", isError: true, toolOutput: `File not found: ${box.project}/missing.txt` }),
      },
    ],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "exit" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the shell tool." } },
      { event: "Stop", matches: { stopHookActive: false } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "Notification", matches: { message: "Allow run_shell_command?" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "run_shell_command", PostToolUse: "read_.*" },
    cases: {
      "matcher: run_shell_command (Gemini's shell) matches, write_file does not": [
        { event: "PreToolUse", reply: deny },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "write_file" }), reply: null },
      ],
      "matcher: a regex matches the whole name only": [
        { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_name: "read_file" }), reply: deny },
        { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), tool_name: "unread_file" }), reply: null },
      ],
    },
  },
  missing: { events: ["PostCompact", "PermissionRequest", "PostToolUseFailure", "SubagentStart", "SubagentStop"] },
  install: {
    kind: "settings",
    tool: "run_shell_command",
    timeout: 30000,
    dir: ".gemini",
    override: { name: "GEMINI_CLI_HOME", settings: (dir) => join(dir, ".gemini", "settings.json") },
    native: { PreToolUse: "BeforeTool", PostToolUse: "AfterTool", Stop: "AfterAgent" },
    extras: (nativeEvent) => ({ name: `agent-connector-guard-${nativeEvent}` }),
    deny: { decision: "deny", reason: "no shell" },
  },
  extra: () => {
    test("gemini-cli: install reports the events it lacks and the replies it cannot give", () => {
      const { install } = installSetup(
        "gemini-cli",
        `{ id: "guard", hooks: { PreToolUse: { handler: () => undefined }, PermissionRequest: { handler: () => undefined } } }`,
      );
      const result = install();
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain("Gemini CLI has no PermissionRequest event: this handler never runs there.");
      expect(result.stderr).toContain("If your handlers return them, some responses degrade on Gemini CLI: agent-connector explain shows which.");
      // Handlers might never return ask: the per-case list is explain's, not install's.
      expect(result.stderr).not.toContain("Gemini CLI PreToolUse: ask → no opinion (the host's own permission flow)");
    });
  },
};
