import { expect } from "bun:test";
import { join } from "node:path";
import { EVENT_NAMES } from "../../src/events.ts";
import { block, specific } from "../support/decisions.ts";
import { nativeHookChecks } from "../support/native-hooks.ts";
import { CLAUDE_REPLIES, claudeSettingsInstall } from "./claude-code.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { CLAUDE, json, ownServer } from "./mcp.ts";

// No real run (CodeBuddy needs a Tencent login): every payload is written from its docs. The
// contract is Claude Code's, so are the replies.
export const codebuddy: HostRecord = {
  id: "codebuddy",
  mcp: {
    kind: "scopes",
    user: [".codebuddy.json", json({ mcpServers: CLAUDE })],
    project: [".mcp.json", json({ mcpServers: CLAUDE })],
    own: ownServer(["mcpServers"]),
  },
  fixtures: fromDocsEach(EVENT_NAMES),
  replies: CLAUDE_REPLIES,
  seen: {
    "PreToolUse: CODEBUDDY_PROJECT_DIR is the project": [
      {
        event: "PreToolUse",
        env: { CODEBUDDY_PROJECT_DIR: "/the/project" },
        tool: { kind: "shell", command: "npm publish" },
        equals: (box) => ({
          hostPlatform: "codebuddy",
          connectorId: "test",
          sessionId: "cb-5d1e",
          transcriptPath: `${box.home}/.codebuddy/projects/demo/cb-5d1e.jsonl`,
          projectDir: "/the/project",
          toolName: "Bash",
          toolInput: { command: "npm publish" },
        }),
      },
    ],
    "without it, cwd": [{ event: "Stop", matches: (box) => ({ projectDir: box.project, stopHookActive: false }) }],
    "the other events' fields": [
      { event: "SessionStart", matches: { source: "resume" } },
      { event: "SessionEnd", matches: { reason: "logout" } },
      { event: "UserPromptSubmit", matches: { prompt: "Publish the package" } },
      { event: "PostToolUse", matches: { toolOutput: "+ demo@1.0.0" } },
      { event: "PreCompact", matches: { trigger: "auto" } },
      { event: "Notification", matches: { message: "CodeBuddy needs your permission to use Bash" } },
      { event: "PermissionRequest", check: (seen) => expect(seen.permissionSuggestions).toEqual([]) },
      { event: "PostToolUseFailure", matches: { error: "npm ERR! 403", isInterrupt: false, toolUseId: "tu-3" } },
      { event: "SubagentStart", matches: { agentId: "sub-2", agentType: "code-reviewer" } },
      { event: "SubagentStop", matches: { agentType: "code-reviewer", lastAssistantMessage: "No issues found.", stopHookActive: false } },
    ],
  },
  matchers: {
    config: { PreToolUse: "Bash|Write", SubagentStop: "code-.*" },
    cases: {
      "matcher: a listed tool matches, another does not": [
        { event: "PreToolUse", reply: specific("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "R" }) },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "Read" }), reply: null },
      ],
      "matcher: subagent events match the agent type": [
        { event: "SubagentStop", reply: block },
        { event: "SubagentStop", raw: (p) => ({ ...p("SubagentStop"), agent_type: "planner" }), reply: null },
      ],
    },
  },
  install: claudeSettingsInstall(".codebuddy", "CODEBUDDY_CONFIG_DIR"),
  extra: () => {
    nativeHookChecks("codebuddy", {
      event: "Elicitation",
      file: (box) => join(box.home, ".codebuddy", "settings.json"),
      raw: () => ({ session_id: "cb-5d1e", hook_event_name: "Elicitation", mcp_server_name: "docs", message: "Which branch?" }),
    });
  },
};
