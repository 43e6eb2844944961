import { join, systemFile } from "../src/paths.ts";
import { defineAdapter, type HookSwitch, type PathContext } from "../src/adapter.ts";
import { CLAUDE_CODE_CAPABILITIES, hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { withExtras } from "../src/dialects/extras.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";
import { MATCHED_EVENTS } from "../src/events.ts";

// Facts: https://code.claude.com/docs/en/hooks, docs/hosts/claude-code.md (real runs of 2.1.197 and 2.1.332).
const claudeDir = ({ home, env }: { home: string; env: Record<string, string | undefined> }) => env.CLAUDE_CONFIG_DIR || join(home, ".claude");

// Managed policy settings, above user and project (code.claude.com/docs/en/settings).
const managedSettings = ({ env, os }: { env: Record<string, string | undefined>; os?: string }) =>
  systemFile(
    {
      linux: "/etc/claude-code/managed-settings.json",
      darwin: "/Library/Application Support/ClaudeCode/managed-settings.json",
      win32: "C:\\ProgramData\\ClaudeCode\\managed-settings.json",
    },
    env,
    os,
  );

// code.claude.com/docs/en/hooks ("Disable or remove hooks") and /en/settings: `disableAllHooks` in
// user, project or local settings turns off every hook but managed ones (the local file wins over
// the project's, which wins over the user's); in managed settings it turns off managed hooks too.
// A managed `allowManagedHooksOnly` runs managed hooks only.
const HOOKS_DOCS = "https://code.claude.com/docs/en/hooks";
const SETTINGS_DOCS = "https://code.claude.com/docs/en/settings";
const disableAll = (layer: "user" | "project", file: (ctx: PathContext) => string): HookSwitch => ({
  layer,
  file,
  format: "json",
  key: ["disableAllHooks"],
  value: true,
  effect: "off",
  does: "switches off every hook outside the managed settings",
  source: HOOKS_DOCS,
});

export default defineAdapter({
  id: "claude-code",
  name: "Claude Code",
  sources: [
    "https://code.claude.com/docs/en/hooks",
    "https://code.claude.com/docs/en/tools-reference",
    "@anthropic-ai/claude-code@2.1.332 sdk-tools.d.ts (tool input fields)",
    "https://github.com/anthropics/claude-code/issues/75081",
    "https://code.claude.com/docs/en/settings (disableAllHooks, allowManagedHooksOnly: the hook switches)",
    "@anthropic-ai/claude-code@2.1.332 real run, 2026-12-05 (a PreToolUse `updatedInput` with no permissionDecision: the new command runs where an allow rule covers it and needs approval where none does; with allow it runs unasked): a modify is the neutral rewrite",
    'https://code.claude.com/docs/en/hooks (updatedInput: "combine with allow" to approve, with "ask" to show the new input to the user)',
    'https://code.claude.com/docs/en/hooks ("Common JSON fields": continue / stopReason, suppressOutput, systemMessage on every event): halt, systemMessage, suppressOutput',
  ],
  // onFailure "block" (2.1.295 and later): a hook that cannot start, times out or exits with an unexpected code blocks the action.
  hostFailClosed: {
    entry: { onFailure: "block" },
    covers: 'Claude Code blocks the action when the hook command cannot start, times out or exits with an unexpected code (onFailure: "block")',
    // Seen in a real run of 2.1.332 (test/hosts case binary-missing): without the key, the tool runs.
    source: "https://code.claude.com/docs/en/hooks",
  },
  verified: [
    { version: "2.1.197", by: "real run", on: "2026-12-04" },
    { version: "2.1.332", by: "real run", on: "2026-12-04", note: "the pinned version; its payloads are 2.1.197's" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@anthropic-ai/claude-code", run: true },
  // Claude Code is the reference vocabulary: every normalized event has its own name here.
  events: {
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
    PostCompact: "PostCompact",
    Stop: "Stop",
    Notification: "Notification",
    PermissionRequest: "PermissionRequest",
    PostToolUseFailure: "PostToolUseFailure",
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
    StopFailure: "StopFailure", // a turn ended by an API error; output and exit code ignored
    PermissionDenied: "PermissionDenied", // after its auto-mode classifier denied a call; only `retry` is read back
  },
  // The project dir is not in the payload; Claude exports it to the hook process.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["CLAUDE_PROJECT_DIR"], paths: ["cwd"] } },
  // A rewrite alone keeps Claude's permission rules and prompts (real run, sources); an ask shows the new input.
  // The universal fields, on every event (hooks docs, "Common JSON fields"): `continue: false` +
  // `stopReason` stops Claude after the hook (over any decision), `systemMessage` is a warning shown
  // to the user, `suppressOutput` keeps the hook's stdout out of the transcript.
  dialect: withExtras(hookSpecificOutputDialect("claude-code", CLAUDE_CODE_CAPABILITIES, { rewrite: { alone: "neutral", withAsk: true } }), {
    spelling: "universal",
    halt: "all",
    systemMessage: "all",
    suppressOutput: "all",
  }),
  nativeMatcher: "claude-regex",
  // Every matcher as ours: the tool, SessionStart's source, SessionEnd's reason, the compaction's
  // trigger, the notification type, the subagent's type (code.claude.com/docs/en/hooks, matchers).
  nativeMatcherEvents: MATCHED_EVENTS,
  // Names: https://code.claude.com/docs/en/tools-reference ("the exact strings you use in … hook
  // matchers"), plus names older versions used (Task, LS, MultiEdit, NotebookRead, BashOutput, KillShell).
  // Fields: the input types @anthropic-ai/claude-code@2.1.332 ships (sdk-tools.d.ts). MCP tools are
  // mcp__<server>__<tool> (its `mcp` below).
  tools: {
    // Monitor runs a shell command in the background (or opens a WebSocket) and streams its lines back.
    shell: { Bash: { command: "command" }, PowerShell: { command: "command" }, Monitor: { command: "command" } },
    read: { Read: { filePaths: "file_path" }, NotebookRead: { filePaths: "notebook_path" } },
    write: { Write: { filePaths: "file_path", content: "content" } },
    edit: {
      Edit: { filePaths: "file_path", content: "new_string" },
      MultiEdit: { filePaths: "file_path" }, // the new texts sit in `edits[]`: no single content
      NotebookEdit: { filePaths: "notebook_path", content: "new_source" },
    },
    search: { Glob: { query: "pattern", filePaths: "path" }, Grep: { query: "pattern", filePaths: "path" }, LS: { filePaths: "path" } },
    fetch: { WebFetch: { url: "url", query: "prompt" }, WebSearch: { query: "query" } },
    task: { Agent: { query: "prompt" }, Task: { query: "prompt" } },
    // ListAgents, ReportFindings, ScheduleWakeup and Workflow: offered to the model by 2.1.332 (real run).
    other: {
      Artifact: "publishes a document or page for the user to view; writes no project file",
      AskUserQuestion: WHY.asks,
      BashOutput: WHY.jobOutput,
      CronCreate: WHY.schedule,
      CronDelete: WHY.schedule,
      CronList: WHY.schedule,
      EnterPlanMode: WHY.plan,
      EnterWorktree: WHY.worktree,
      ExitPlanMode: WHY.plan,
      ExitWorktree: WHY.worktree,
      KillShell: WHY.jobStop,
      LSP: WHY.lsp,
      ListAgents: WHY.agents,
      ListMcpResourcesTool: WHY.mcp,
      ReadMcpResourceTool: WHY.mcp,
      ReportFindings: WHY.agents,
      ScheduleWakeup: WHY.schedule,
      SendMessage: WHY.agents,
      Skill: WHY.skill,
      SlashCommand: WHY.slashCommand,
      TaskCreate: WHY.plan,
      TaskGet: WHY.plan,
      TaskList: WHY.plan,
      TaskOutput: WHY.jobOutput,
      TaskStop: WHY.jobStop,
      TaskUpdate: WHY.plan,
      TodoWrite: WHY.plan,
      ToolSearch: WHY.toolSearch,
      Workflow: WHY.workflow,
    },
  },
  // "Files with errors are skipped entirely, not just the invalid settings" (its own settings
  // error, e.g. a non-string matcher or an unknown event key; anthropics/claude-code#75081).
  invalidEntrySkips: "file",
  nativeHooks: true,
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: hooks run in Git Bash unless a handler says `"shell": "powershell"` (code.claude.com/docs/en/hooks).
      windows: { shell: "bash" },
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s",
      scopes: {
        user: (ctx) => join(claudeDir(ctx), "settings.json"),
        project: ({ projectDir }) => join(projectDir, ".claude", "settings.json"),
        // Managed policy settings, above user and project (code.claude.com/docs/en/settings).
        managed: managedSettings,
      },
    },
  },
  // code.claude.com/docs/en/settings: managed settings sit above every other layer; hooks of all
  // layers run together unless allowManagedHooksOnly keeps only the managed ones.
  managedLayer: {
    merge: "highest precedence; its hooks run together with user and project hooks (allowManagedHooksOnly: only its own)",
    source: SETTINGS_DOCS,
  },
  hookSwitches: [
    disableAll("user", (ctx) => join(claudeDir(ctx), "settings.json")),
    disableAll("project", ({ projectDir }) => join(projectDir, ".claude", "settings.json")),
    disableAll("project", ({ projectDir }) => join(projectDir, ".claude", "settings.local.json")),
    {
      layer: "system",
      file: managedSettings,
      format: "json",
      key: ["disableAllHooks"],
      value: true,
      effect: "off",
      apart: true,
      affects: ["user", "project", "managed"],
      does: "switches off every hook, managed ones too",
      source: HOOKS_DOCS,
    },
    {
      layer: "system",
      file: managedSettings,
      format: "json",
      key: ["allowManagedHooksOnly"],
      value: true,
      effect: "shadows",
      does: "lets only managed hooks run: user and project hooks are skipped",
      source: SETTINGS_DOCS,
    },
  ],
  // code.claude.com/docs/en/mcp: user servers in ~/.claude.json (beside $CLAUDE_CONFIG_DIR's
  // settings when set), project servers in .mcp.json (approved by the user on first use).
  mcp: {
    format: "claude",
    scopes: {
      user: (ctx) => join(ctx.env.CLAUDE_CONFIG_DIR || ctx.home, ".claude.json"),
      project: ({ projectDir }) => join(projectDir, ".mcp.json"),
    },
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [claudeDir(ctx), join(ctx.home, ".claude.json")], bins: ["claude"] },
});
