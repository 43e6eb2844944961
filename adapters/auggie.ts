import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import type { FieldSource, PayloadMap } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.augmentcode.com/cli/v0/hooks (Auggie 0.x), docs/hosts/auggie.md (real run of auggie 0.36.0
// against a mock of Augment's backend, and what its bundled code does with a reply). Where they
// differ, 0.36.0 wins: it runs SessionStart, PromptSubmit, Stop and Notification hooks without
// reading their reply, so only PreToolUse and PostToolUse replies take effect.

/** Auggie serialises every undefined value as the string "[undefined]" (PreToolUse's tool_output). */
const UNDEFINED = "[undefined]";
const field = (...paths: string[]): FieldSource => ({ paths, undefinedAs: UNDEFINED });

const PAYLOAD: PayloadMap = {
  sessionId: field("conversation_id"),
  projectDir: { env: ["AUGMENT_PROJECT_DIR"], paths: ["workspace_roots.0"], undefinedAs: UNDEFINED },
  prompt: field("user_prompt"),
  toolName: field("tool_name"),
  toolInput: field("tool_input"),
  toolOutput: field("tool_output"),
  isError: { ...field("tool_error"), present: true },
  message: field("notification_message"),
  notificationType: field("notification_type"),
};

export default defineAdapter({
  id: "auggie",
  name: "Auggie (Augment CLI)",
  sources: [
    "auggie 0.36.0 real run, 2026-12-05 (PreToolUse updatedInput with no permissionDecision: the rewritten command ran): a modify sends no approval; no run that asks was driven, so the permission side rests on sending none",
    "https://docs.augmentcode.com/cli/v0/hooks",
    "https://docs.augmentcode.com/cli/hooks",
    "https://docs.augmentcode.com/cli/integrations",
    "auggie 0.36.0 bundled code (MCP: no variable expansion, a stdio server's environment; followed where the docs say nothing)",
    "tools: npm @augmentcode/auggie@0.36.0 augment.mjs (its tool classes and their input schemas)",
  ],
  verified: [
    { version: "0.36.0", by: "real run", on: "2026-12-04", note: "against a mock of Augment's backend" },
    { by: "docs", on: "2026-12-04" },
    { version: "0.36.0", by: "source", on: "2026-12-04", note: "its bundled code" },
  ],
  version: { npm: "@augmentcode/auggie", run: true },
  // Seven events. The prompt event is `PromptSubmit`: any other key (UserPromptSubmit) makes Auggie
  // reject the configuration. Hooks run only when the account's backend flag `enable_hooks` is on.
  events: {
    SessionStart: "SessionStart",
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "PromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    Stop: "Stop",
    Notification: "Notification",
  },
  // Own payload: conversation_id, workspace_roots; tool events add tool_output, tool_error and
  // is_mcp_tool (no tool use id); Stop carries the whole last exchange, no stop_hook_active.
  payload: PAYLOAD,
  // Claude's shapes, checked by a schema that knows hookSpecificOutput only for PreToolUse,
  // PostToolUse, Stop, SessionStart, SessionEnd and Notification. PostToolUse's block is nested and
  // becomes text appended to the tool result, like its additionalContext.
  dialect: hookSpecificOutputDialect(
    "auggie",
    {
      // deny: the tool does not run, the reason reaches the model; updatedInput replaces the input.
      // allow changes nothing (no approval step to skip); ask and additionalContext are not read.
      PreToolUse: ["deny", "modify"],
      PostToolUse: ["deny", "context"],
    },
    // updatedInput alone is applied (real run 0.36.0): a modify sends no approval beside it.
    { nestedBlock: ["PostToolUse"], rewrite: { alone: "neutral", withAsk: false } },
  ),
  // A regex, tested against the tool name on PreToolUse and PostToolUse.
  nativeMatcher: "claude-regex",
  nativeMatcherEvents: ["PreToolUse", "PostToolUse"],
  // Kebab-case names and snake_case inputs, from the tool classes and input schemas in 0.36.0's
  // bundle (the real run's shell call was `launch-process`). bash/read/write/edit/find/grep/ls are a
  // second, Pi-style set some models get instead. A named sub-agent is `sub-agent-<name>`.
  tools: {
    shell: {
      "launch-process": { command: "command", cwd: "cwd" },
      bash: { command: "command" },
      // Text written to a running process's stdin ({terminal_id, input_text}): it runs there.
      "write-process": { command: "input_text" },
      // Writes and runs a remote agent's environment setup script.
      "setup-script": {},
    },
    read: { view: { filePaths: "path" }, read: { filePaths: "path" } },
    write: {
      "save-file": { filePaths: "path", content: "file_content" },
      write: { filePaths: "path", content: "content" },
      // A deletion: classed with writes so that a matcher guarding files reaches it.
      "remove-files": { filePaths: { paths: ["file_paths"], list: true } },
    },
    edit: {
      "str-replace-editor": { filePaths: "path" }, // numbered entries (old_str_1, new_str_1, …)
      edit: { filePaths: "path" }, // edits[] of {oldText, newText}
      apply_patch: { filePaths: { paths: ["input"], patch: true } },
    },
    search: {
      "grep-search": { query: "query", filePaths: "directory_absolute_path" },
      grep: { query: "pattern", filePaths: "path" },
      find: { query: "pattern", filePaths: "path" },
      ls: { filePaths: "path" },
      "codebase-retrieval": { query: "information_request" },
      "codebase-retrieval-raw": { query: "information_request", filePaths: "path" },
    },
    fetch: { "web-fetch": { url: "url" }, "web-search": { query: "query" } },
    task: { "sub-agent": { query: "instruction" } },
    other: {
      "read-process": WHY.jobOutput,
      "kill-process": WHY.jobStop,
      "list-processes": WHY.jobOutput,
      "view-range-untruncated": "reads back the full text of an earlier, truncated tool result",
      "search-untruncated": "searches the full text of an earlier, truncated tool result",
      "conversation-retrieval": WHY.agents,
      "git-commit-retrieval": "searches the repository's commit history through Augment's index",
      "view-session": WHY.agents,
      "report-to-parent": WHY.agents,
      "enter-plan-mode": WHY.plan,
      "exit-plan-mode": WHY.plan,
      "ask-user": WHY.asks,
      view_tasklist: WHY.plan,
      update_tasks: WHY.plan,
      reorganize_tasklist: WHY.plan,
      add_tasks: WHY.plan,
      "render-mermaid": WHY.media,
      diagnostics: WHY.lsp,
      "read-terminal": WHY.jobOutput,
      "open-browser": WHY.browser,
      "github-api": WHY.remote,
      linear: WHY.remote,
      jira: WHY.remote,
      confluence: WHY.remote,
      notion: WHY.remote,
      glean: WHY.remote,
      sentry: WHY.remote,
      stripe: WHY.remote,
      supabase: WHY.remote,
      "execute-tool": "runs another of Auggie's tools by name; that call is hooked on its own",
    },
  },
  nativeHooks: false,
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"], // settings.json holds the user's other settings too: edited in place
      timeoutUnit: "ms", // "timeout": 30 timed out after 30 ms (real run); default 60000
      scopes: {
        // --augment-cache-dir moves it; no environment variable does.
        user: ({ home }) => join(home, ".augment", "settings.json"),
        project: ({ projectDir }) => join(projectDir, ".augment", "settings.json"),
      },
    },
  },
  // docs.augmentcode.com/cli/integrations: `mcpServers` in the same settings.json files. 0.36.0
  // expands no `${VAR}` there (only `$augment-<name>`, its own secret store) and gives a stdio server
  // HOME, LOGNAME, PATH, SHELL, TERM and USER only, plus the entry's env.
  mcp: {
    format: "auggie",
    scopes: { user: ({ home }) => join(home, ".augment", "settings.json"), project: ({ projectDir }) => join(projectDir, ".augment", "settings.json") },
    toolName: "{tool}_{server}",
  },
  detect: { dirs: ({ home }) => [join(home, ".augment")], bins: ["auggie"] },
  // Auggie reads hooks from .augment files and plugins only: no other host's hook files.
});
