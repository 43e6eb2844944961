import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { EVENT_NAMES } from "../src/events.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/ (QwenLM/qwen-code
// docs/users/features/hooks.md), docs/hosts/qwen-code.md (real runs of qwen 0.15.10 and 0.24.4).
// A Gemini CLI fork whose hooks copy Claude Code: its event names, payload and reply shapes.
// $QWEN_HOME replaces ~/.qwen in newer releases (QwenLM/qwen-code `getGlobalQwenDir`).
const qwenDir = ({ home, env }: PathContext) => (env.QWEN_HOME ? absolute(env.QWEN_HOME) : join(home, ".qwen"));

/** settings.json per scope: the hooks and the MCP servers live in the same file. */
const SETTINGS = {
  user: (ctx: PathContext) => join(qwenDir(ctx), "settings.json"),
  project: ({ projectDir }: PathContext) => join(projectDir, ".qwen", "settings.json"),
};

export default defineAdapter({
  id: "qwen-code",
  name: "Qwen Code",
  sources: [
    "https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks/",
    // Tool ids and their parameters (newest main read; the real 0.24.4 run's shell call agrees).
    "https://github.com/QwenLM/qwen-code/blob/main/packages/core/src/tools/tool-names.ts",
    "https://github.com/QwenLM/qwen-code/blob/main/packages/core/src/tools/builtin-tool-definitions.ts",
  ],
  verified: [
    { version: "0.15.10", by: "real run", on: "2026-12-04" },
    { version: "0.24.4", by: "real run", on: "2026-12-04", note: "the pinned version; fixtures recaptured" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@qwen-code/qwen-code", run: true },
  // All 15 under their Claude names (StopFailure: the turn ended on an API error; Stop does not fire
  // then. PermissionDenied: after a denied call, matched on the tool id) (tool ids differ: run_shell_command, write_file, edit, …).
  // SessionEnd fires only in the interactive UI and with --acp, never in -p runs; SessionStart fires
  // in -p runs too since 0.24.4 (0.15.10: not in -p) (docs/hosts/qwen-code.md).
  events: Object.fromEntries(EVENT_NAMES.map((event) => [event, event])),
  // tool_response is {llmContent, returnDisplay}: the text is llmContent. tool_use_id is Qwen's own
  // toolu_<ts>_<rand>, not the model's call id (0.24.4 adds that as tool_call_id). stop_hook_active
  // was true on the very first Stop of 0.15.10, false on 0.24.4's (docs/hosts/qwen-code.md): passed
  // on as is, so it is no loop guard on 0.15.10.
  payload: { ...SNAKE_CASE_PAYLOAD, projectDir: { env: ["QWEN_PROJECT_DIR"], paths: ["cwd"] } },
  // UserPromptSubmit fires before every model call; after a tool result again with prompt ""
  // (docs/hosts/qwen-code.md "Quirks"): that is no user prompt.
  spurious: { UserPromptSubmit: { prompt: "" } },
  // Tolerant of extra fields (docs/hosts/qwen-code.md); hookEventName is required in hookSpecificOutput.
  dialect: hookSpecificOutputDialect("qwen-code", {
    SessionStart: ["context"],
    UserPromptSubmit: ["deny", "context"], // context: appended as a separate tagged part
    // allow skips the prompt; ask falls back to deny headless. No modify, although the docs list
    // updatedInput: 0.15.10 and 0.24.4 ignore it and run the ORIGINAL input, auto-approved by the
    // allow it must ride on (test/hosts e2e `modify`); only PermissionRequest applies it.
    PreToolUse: ["allow", "deny", "ask", "context"],
    PostToolUse: ["deny", "context"], // no output replacement for command hooks (docs)
    Stop: ["deny", "context"], // additionalContext is listed for Stop in the docs
    Notification: ["context"],
    PreCompact: ["context"],
    PermissionRequest: ["allow", "deny", "modify"],
    PostToolUseFailure: ["context"],
    SubagentStart: ["context"],
    SubagentStop: ["deny"],
  }),
  nativeMatcher: "claude-regex", // regex; display names (WriteFile) are aliases of the tool ids
  // `tool_name` is the tool id, never the display name (WriteFile, Shell) a matcher may also use:
  // packages/core/src/tools/tool-names.ts and builtin-tool-definitions.ts. replace, search_file_content
  // and task are the older ids of edit, grep_search and agent.
  tools: {
    // monitor starts a command and streams its lines (Claude Code's Monitor); exec's input keys are
    // not in our sources, so no `command` is read from it.
    shell: { run_shell_command: { command: "command", cwd: "directory" }, monitor: { command: "command" }, exec: {} },
    read: { read_file: { filePaths: "file_path" }, zoom_image: { filePaths: "file_path" } },
    write: { write_file: { filePaths: "file_path", content: "content" } },
    edit: {
      edit: { filePaths: "file_path", content: "new_string" },
      replace: { filePaths: "file_path", content: "new_string" },
      notebook_edit: { filePaths: "notebook_path", content: "new_source" },
    },
    search: {
      grep_search: { query: "pattern", filePaths: "path" },
      search_file_content: { query: "pattern", filePaths: "path" },
      glob: { query: "pattern", filePaths: "path" },
      list_directory: { filePaths: "path" },
    },
    fetch: { web_fetch: { url: "url", query: "prompt" }, web_search: { query: "query" } },
    task: { agent: { query: "prompt" }, task: { query: "prompt" } },
    other: {
      todo_write: WHY.plan,
      save_memory: WHY.memory,
      manage_memory: WHY.memory,
      search_memory: WHY.memory,
      skill: WHY.skill,
      exit_plan_mode: WHY.plan,
      enter_plan_mode: WHY.plan,
      image_gen: WHY.media,
      lsp: WHY.lsp,
      ask_user_question: WHY.asks,
      cron_create: WHY.schedule,
      cron_list: WHY.schedule,
      cron_delete: WHY.schedule,
      loop_wakeup: WHY.schedule,
      create_sub_session: WHY.agents,
      list_agents: WHY.agents,
      task_stop: WHY.jobStop,
      task_create: WHY.plan,
      task_update: WHY.plan,
      task_list: WHY.plan,
      team_create: WHY.agents,
      team_delete: WHY.agents,
      team_plan_approval: WHY.plan,
      request_shutdown: WHY.agents,
      send_message: WHY.agents,
      structured_output: WHY.turn,
      tool_call: "calls another of the host's tools by name; that call is hooked on its own",
      tool_search: WHY.toolSearch,
      read_mcp_resource: WHY.mcp,
      advisor: "asks a second model for advice; runs nothing",
      enter_worktree: WHY.worktree,
      exit_worktree: WHY.worktree,
      workflow: WHY.workflow,
      artifact: "publishes a document for the user; writes no project file",
      record_artifact: "notes a produced artifact in the session's record",
      record_source: "notes a source consulted in the session's record",
      computer_use_setup: "sets up the host's computer-use connection; runs no command",
      report_findings: WHY.agents,
      get_goal: WHY.plan,
      update_goal: WHY.plan,
      propose_goal: WHY.plan,
      display_image: WHY.media,
      thread_post: WHY.agents,
      thread_wait: WHY.agents,
      thread_block: WHY.agents,
      thread_review: WHY.agents,
      thread_create: WHY.agents,
      thread_read: WHY.agents,
    },
  },
  nativeHooks: true, // SessionDelete, MessageDisplay, Todo* …
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: PowerShell, as Gemini CLI, which Qwen Code forks (handlers may also say `"shell"`).
      windows: { shell: "powershell" },
      layout: "nested-matcher-groups",
      root: ["hooks"], // settings.json is shared with mcpServers & co: edited in place
      timeoutUnit: "ms", // command hooks only (http/prompt hooks take seconds); default 60000
      scopes: SETTINGS, // project: trusted folders only
    },
  },
  // Gemini's `mcpServers` in the same settings.json (docs/hosts/qwen-code.md).
  mcp: {
    format: "gemini",
    scopes: SETTINGS,
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [qwenDir(ctx)], bins: ["qwen"] },
});
