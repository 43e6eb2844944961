import { expect } from "bun:test";
import { join } from "node:path";
import { block, specific, type Expected } from "../support/decisions.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { CLAUDE } from "./mcp.ts";

/**
 * The replies of Claude Code's contract, as the hosts that copy it whole (CodeBuddy, Continue) get
 * them: a rewrite goes with an allow there (a rewrite alone is unchecked on them; declared).
 */
export const CLAUDE_REPLIES: Expected = {
  SessionStart: { deny: specific("SessionStart", { additionalContext: "R" }), context: specific("SessionStart", { additionalContext: "C" }) },
  SessionEnd: {},
  UserPromptSubmit: { deny: block, context: specific("UserPromptSubmit", { additionalContext: "C" }) },
  PreToolUse: {
    allow: specific("PreToolUse", { permissionDecision: "allow" }),
    deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }),
    ask: specific("PreToolUse", { permissionDecision: "ask", permissionDecisionReason: "R" }),
    modify: specific("PreToolUse", { permissionDecision: "allow", updatedInput: { command: "echo safe" } }),
    context: specific("PreToolUse", { additionalContext: "C" }),
  },
  PostToolUse: {
    deny: block,
    context: specific("PostToolUse", { additionalContext: "C" }),
    updatedOutput: specific("PostToolUse", { additionalContext: "The tool output was replaced by a hook:\nO" }),
  },
  PreCompact: {},
  PostCompact: {},
  Stop: { deny: block },
  Notification: { deny: specific("Notification", { additionalContext: "R" }), context: specific("Notification", { additionalContext: "C" }) },
  PermissionRequest: {
    allow: specific("PermissionRequest", { decision: { behavior: "allow" } }),
    deny: specific("PermissionRequest", { decision: { behavior: "deny", message: "R" } }),
    modify: specific("PermissionRequest", { decision: { behavior: "allow", updatedInput: { command: "echo safe" } } }),
  },
  PostToolUseFailure: { deny: specific("PostToolUseFailure", { additionalContext: "R" }), context: specific("PostToolUseFailure", { additionalContext: "C" }) },
  SubagentStart: { deny: specific("SubagentStart", { additionalContext: "R" }), context: specific("SubagentStart", { additionalContext: "C" }) },
  SubagentStop: { deny: block },
  // Observe-only: Claude Code ignores a StopFailure hook's output and exit code.
  StopFailure: {},
  // Its one answer, hookSpecificOutput.retry (tell the model it may retry), has no normalized counterpart.
  PermissionDenied: {},
};

/** What install writes into a Claude-shaped settings.json in `dir`, which `overrideVar` moves. */
export const claudeSettingsInstall = (dir: string, overrideVar: string, options: { anchorPlainNames?: boolean } = {}): HostRecord["install"] => ({
  kind: "settings",
  tool: "Bash",
  timeout: 30,
  dir,
  ...options,
  override: { name: overrideVar, settings: (value) => join(value, "settings.json") },
  native: { PreToolUse: "PreToolUse", PostToolUse: "PostToolUse", Stop: "Stop", PermissionRequest: "PermissionRequest" },
  extras: () => ({}),
  deny: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no shell" }),
});

export const claudeCode: HostRecord = {
  id: "claude-code",
  mcp: { kind: "user-file", file: ".claude.json", root: "mcpServers", rec: CLAUDE.rec, api: CLAUDE.api },
  fixtures: {
    SessionStart: captured("SessionStart"),
    SessionEnd: captured("SessionEnd"),
    UserPromptSubmit: captured("UserPromptSubmit"),
    PreToolUse: captured("PreToolUse"),
    PostToolUse: captured("PostToolUse"),
    Stop: captured("Stop"),
    PreCompact: fromDocs("PreCompact"),
    PostCompact: fromDocs("PostCompact"),
    Notification: fromDocs("Notification"),
    PermissionRequest: fromDocs("PermissionRequest"),
    PostToolUseFailure: fromDocs("PostToolUseFailure"),
    SubagentStart: fromDocs("SubagentStart"),
    SubagentStop: fromDocs("SubagentStop"),
    StopFailure: fromDocs("StopFailure"),
    PermissionDenied: fromDocs("PermissionDenied"),
  },
  // A rewrite alone keeps Claude's permission flow (real run 2.1.332): no permissionDecision beside it.
  replies: { ...CLAUDE_REPLIES, PreToolUse: { ...CLAUDE_REPLIES.PreToolUse, modify: specific("PreToolUse", { updatedInput: { command: "echo safe" } }) } },
  seen: {
    "PreToolUse from the real payload": [
      {
        event: "PreToolUse",
        env: { CLAUDE_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          hostPlatform: "claude-code",
          connectorId: "test",
          sessionId: "3c85a3ab-2621-4a6c-874c-31f2ff177457",
          transcriptPath: `${box.home}/.claude/projects/-fake-home-project/3c85a3ab-2621-4a6c-874c-31f2ff177457.jsonl`,
          permissionMode: "default",
          toolUseId: "toolu_mock_1",
          projectDir: "/the/project",
          toolName: "Bash",
          toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
        }),
      },
    ],
    "PostToolUse turns the Bash tool_response object into text": [{ event: "PostToolUse", matches: (box) => ({ toolOutput: "hi", projectDir: box.project }) }],
    "Stop, SessionStart, SessionEnd, UserPromptSubmit": [
      { event: "Stop", matches: { stopHookActive: false, lastAssistantMessage: "All done." } },
      { event: "SessionStart", matches: { source: "startup" } },
      { event: "SessionEnd", matches: { reason: "other" } },
      { event: "UserPromptSubmit", matches: { prompt: "Run echo hi using the Bash tool." } },
    ],
    "PostToolUseFailure, SubagentStop, PermissionRequest, PreCompact": [
      { event: "PostToolUseFailure", matches: { error: "Exit code 1", isInterrupt: false, toolUseId: "toolu_02" } },
      { event: "SubagentStop", matches: { agentId: "agent-7", agentType: "Explore", lastAssistantMessage: "Found 3 files.", stopHookActive: false } },
      { event: "PermissionRequest", check: (seen) => expect(seen.permissionSuggestions).toHaveLength(1) },
      { event: "PreCompact", matches: { trigger: "manual" } },
    ],
    "PermissionDenied: the denied call and the reason": [
      {
        event: "PermissionDenied",
        env: { CLAUDE_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "rm -rf build" },
        equals: (box) => ({
          hostPlatform: "claude-code",
          connectorId: "test",
          sessionId: "5f0c2a1e-0000-4000-8000-000000000001",
          transcriptPath: `${box.home}/.claude/projects/-fake-home-project/5f0c2a1e.jsonl`,
          permissionMode: "auto",
          projectDir: "/the/project",
          toolName: "Bash",
          toolInput: { command: "rm -rf build", description: "Remove the build folder" },
          toolUseId: "toolu_03",
          reason: "Deleting files outside the task's scope",
        }),
      },
    ],
    "StopFailure: the error's kind, its details and the last message": [
      {
        event: "StopFailure",
        env: { CLAUDE_PROJECT_DIR: "/the/project" },
        equals: (box) => ({
          hostPlatform: "claude-code",
          connectorId: "test",
          sessionId: "5f0c2a1e-0000-4000-8000-000000000001",
          transcriptPath: `${box.home}/.claude/projects/-fake-home-project/5f0c2a1e.jsonl`,
          permissionMode: "default",
          projectDir: "/the/project",
          error: "rate_limit",
          errorDetails: "429 Too Many Requests",
          lastAssistantMessage: "API Error: Rate limit reached",
        }),
      },
    ],
    'a payload without session_id gives sessionId ""': [
      { event: "Notification", raw: () => ({ hook_event_name: "Notification", message: "hi" }), matches: { sessionId: "" } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Bash|Write", SubagentStop: "Exp.*", PostToolUse: "Ba" },
    cases: {
      "a listed tool matches": [{ event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) }],
      "another tool does not: no output": [{ event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "Read" }), reply: null }],
      "a prefix is not a match (the whole name must match)": [{ event: "PostToolUse", reply: null }],
      "subagent events match the agent type": [
        { event: "SubagentStop", reply: block },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), agent_type: "Plan" }), reply: null },
      ],
    },
  },
  install: claudeSettingsInstall(".claude", "CLAUDE_CONFIG_DIR"),
};
