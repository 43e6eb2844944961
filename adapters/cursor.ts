import { join, systemFile } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { flatPermissionDialect } from "../src/dialects/flat-permission.ts";
import { withExtras } from "../src/dialects/extras.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";

// Facts: https://cursor.com/docs/hooks (docs/hosts/cursor.md; no real-host run, no capture),
// https://cursor.com/docs/reference/third-party-hooks (re-verified).
const cursorDir = (home: string) => join(home, ".cursor");

export default defineAdapter({
  id: "cursor",
  name: "Cursor",
  // Tools: the hooks page's matcher section (tool types and `MCP:<tool>`) and its Shell example.
  sources: [
    'https://cursor.com/docs/hooks (checked 2026-12-05: preToolUse updated_input is described with permission "allow" only, no rewrite without a decision): a modify keeps the allow, declared',
    "https://cursor.com/docs/hooks",
    "https://cursor.com/docs/reference/third-party-hooks",
    "rechecked 2026-12-06 (issue 47): no source found that preToolUse enforces `ask`; a Cursor forum report (topic 173694, Cursor 3.21.16) has `ask` ignored even on beforeShellExecution in Auto-review mode: the ask → no opinion degradation stays",
    "https://cursor.com/docs/hooks (beforeSubmitPrompt: continue false + user_message; sessionStart continue not enforced): halt on UserPromptSubmit only",
  ],
  // failClosed (default false): a hook that crashes, times out or prints invalid JSON blocks the action.
  hostFailClosed: {
    entry: { failClosed: true },
    covers: "Cursor blocks the action when the hook crashes, times out or prints invalid JSON (failClosed)",
    source: "https://cursor.com/docs/hooks",
  },
  verified: [{ by: "docs", on: "2026-11" }],
  // camelCase event names; no Notification / PermissionRequest (permission is a reply field of
  // preToolUse, not an event) / PostCompact. Only documented keys are written: reports disagree
  // on whether an unknown key makes Cursor drop the whole file (docs/hosts/cursor.md).
  events: {
    SessionStart: "sessionStart", // fire-and-forget in current docs
    SessionEnd: "sessionEnd",
    UserPromptSubmit: "beforeSubmitPrompt",
    PreToolUse: "preToolUse",
    PostToolUse: "postToolUse",
    PreCompact: "preCompact",
    Stop: "stop", // also on abort/error (`status`)
    PostToolUseFailure: "postToolUseFailure", // also when a tool is denied or times out
    SubagentStart: "subagentStart",
    SubagentStop: "subagentStop",
  },
  // snake_case keys, but the session is `conversation_id` (stable across turns; `session_id` only on
  // session events), the project is `workspace_roots[0]`, no `source` (→ "startup"), no
  // `stop_hook_active` (Cursor bounds follow-ups itself with `loop_limit`, default 5, and counts them in `loop_count`).
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    sessionId: { paths: ["conversation_id", "session_id"] },
    projectDir: { env: ["CURSOR_PROJECT_DIR"], paths: ["workspace_roots.0", "cwd"] },
    toolOutput: { paths: ["tool_output"] }, // a JSON-stringified result, kept as the string
    error: { paths: ["error_message"] },
    durationMs: { paths: ["duration"] },
    agentId: { paths: ["subagent_id"] },
    agentType: { paths: ["subagent_type"] },
    lastAssistantMessage: { paths: ["summary"] },
    // stop / subagentStop carry `loop_count` (follow-ups already sent in this loop) instead of
    // `stop_hook_active`: above 0 we are in a loop our own deny started (test/fixtures/cursor/stop.json).
    stopHookActive: { paths: ["stop_hook_active", "loop_count"], count: true },
  },
  // No opinion prints nothing (house rule): the docs do not forbid empty output on exit 0; the
  // anchor's "Cursor logs `no valid response`, always print {}" is an unverified note.
  // A halt only where Cursor stops the run: beforeSubmitPrompt's `continue: false` (+ `user_message`
  // shown to the user) sends nothing to the agent; sessionStart's is accepted and not enforced. No
  // message to the user besides a deny's, no transcript switch.
  dialect: withExtras(
    flatPermissionDialect("cursor", {
      SessionStart: ["context"], // `continue:false` is accepted but not enforced: cannot block
      UserPromptSubmit: ["deny"], // no context field
      // "ask" is in the schema but not enforced (only beforeShellExecution/beforeMCPExecution honour
      // it); no documented context field on preToolUse (the anchor's agent_message-on-allow is unverified).
      PreToolUse: ["allow", "deny", "modify"],
      // updated_mcp_tool_output replaces MCP tools' output only, so updatedOutput degrades to context.
      PostToolUse: ["context"],
      Stop: ["deny"], // followup_message: keep going
      SubagentStart: ["deny"], // blocks the spawn (unlike Claude Code)
      SubagentStop: ["deny"], // followup_message, only when status is "completed"
    }),
    { spelling: "cursor", halt: ["UserPromptSubmit"] },
  ),
  // Matchers are pipe lists of Cursor's tool types (`Shell|Read|Write`), regex-like but not
  // specified: plain lists are written natively, anything else is matched at run time.
  nativeMatcher: "name-list",
  // The tool types the hooks docs name for matchers and `tool_name` (`Shell`, not `Bash`). Only
  // Shell's input is documented (`{command, working_directory}`); the others' keys are not (no
  // capture either), so each field lists likely keys, first present wins: `path` as in Cursor CLI's
  // own tool-call records, the snake_case names as in Shell's hook input.
  tools: {
    shell: { Shell: { command: "command", cwd: "working_directory" } },
    read: { Read: { filePaths: ["file_path", "path", "target_file"] } },
    write: {
      Write: { filePaths: ["file_path", "path", "target_file"], content: ["contents", "content", "file_text"] },
      // A deletion: classed with writes so that a matcher guarding files reaches it.
      Delete: { filePaths: ["file_path", "path", "target_file"] },
    },
    search: { Grep: { query: "pattern", filePaths: "path" } },
    task: { Task: { query: ["prompt", "task", "description"] } },
    // MCP tools arrive as `MCP:<tool>` in the tool events, not under the server's own name.
    mcp: "MCP:{tool}",
  },
  nativeHooks: true,
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: not documented; cmd.exe is assumed (Node's shell there). Not yet seen in a real Windows run.
      windows: { shell: "cmd" },
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s",
      header: { version: 1 }, // part of the schema; always written
      scopes: {
        user: ({ home }) => join(cursorDir(home), "hooks.json"), // no env override documented
        project: ({ projectDir }) => join(projectDir, ".cursor", "hooks.json"), // trusted workspaces only
        // Enterprise hooks, first in Cursor's priority order (docs/hosts/cursor.md).
        managed: ({ env, os }) =>
          systemFile(
            { linux: "/etc/cursor/hooks.json", darwin: "/Library/Application Support/Cursor/hooks.json", win32: "C:\\ProgramData\\Cursor\\hooks.json" },
            env,
            os,
          ),
      },
    },
  },
  // cursor.com/docs/agent/hooks: enterprise, team, project and user hooks all run, in that order of
  // priority; the higher one wins where their answers conflict. No switch keeps only enterprise hooks.
  managedLayer: {
    merge: "first in priority (enterprise → team → project → user); every level's hooks run, the higher wins a conflict",
    source: "https://cursor.com/docs/agent/hooks",
  },
  // cursor.com/docs/context/mcp: the same folders' mcp.json.
  mcp: {
    format: "cursor",
    scopes: { user: ({ home }) => join(cursorDir(home), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".cursor", "mcp.json") },
    toolName: "{tool}", // the model sees the server's own tool name (docs; not run here)
  },
  detect: { dirs: ({ home }) => [cursorDir(home)], bins: ["cursor", "cursor-agent"] },
  // With "Include third-party Plugins, Skills, and other configs" on, Cursor runs Claude Code's
  // hooks from .claude/settings(.local).json and ~/.claude/settings.json too, with its own payload;
  // all matching hooks of every source run (third-party-hooks page).
  alsoRuns: [{ platform: "claude-code", scopes: ["user", "project"], when: "when its third-party configs setting is on" }],
  // Every payload carries `cursor_version` (CURSOR_VERSION is set too, but an env var may leak into
  // a terminal started from Cursor; CLAUDE_PROJECT_DIR is set as well, so it proves nothing).
  marker: { payloadKeys: ["cursor_version"] },
});
