import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { defineAdapter } from "../src/adapter.ts";
import { pluginActionsDialect } from "../src/dialects/plugin-actions.ts";

/** `~/.config/amp` (Amp's manual; the same path on Windows, under the user profile). */
const ampDir = ({ home }: PathContext) => join(home, ".config", "amp");

// Facts: docs/hosts/amp.md (docs only: Amp cannot run offline). The plugin API is experimental and
// has changed between releases: what this file and src/install/plugin-module/glue/amp-v1.ts follow
// is the manual as of @ampcode/cli 0.0.1790142911 (the build installed for the attempted real run).
export default defineAdapter({
  id: "amp",
  name: "Amp",
  sources: [
    "https://ampcode.com/manual/plugin-api (experimental; as of @ampcode/cli 0.0.1790142911)",
    "https://ampcode.com/manual#mcp (settings key amp.mcpServers)",
    "https://ampcode.com/manual/appendix#permissions-configuration (tool names and args as rules match them: Bash's `cmd`)",
    "tool names and args: Amp's `amp tools list` output and a third-party reading of Amp 0.0.1769212917's tool registry (decodeclaude.com/amp-code-spec/reference/tools), followed where Amp publishes nothing (its CLI is a closed binary)",
  ],
  verified: [{ by: "docs", on: "2026-12-04", note: "the experimental plugin API of @ampcode/cli 0.0.1790142911; cannot run offline" }],
  events: {
    SessionStart: "session.start",
    UserPromptSubmit: "agent.start",
    PreToolUse: "tool.call",
    PostToolUse: "tool.result",
    // `tool.result` whose status is "error" or "cancelled".
    PostToolUseFailure: "tool.result",
    Stop: "agent.end",
  },
  payload: {
    sessionId: { paths: ["event.thread.id"] },
    // Not in Amp's events: the module sends the plugin process's directory.
    projectDir: { paths: ["cwd"] },
    prompt: { paths: ["event.message"] },
    toolName: { paths: ["event.tool"] },
    toolInput: { paths: ["event.input"] },
    toolOutput: { paths: ["event.output"] },
    toolUseId: { paths: ["event.toolUseID"] },
    error: { paths: ["event.error", "event.status"] },
    isInterrupt: { paths: ["event.status"], values: { cancelled: true, error: false } },
  },
  // Only tool.call's `reject-and-continue` is documented to act; modify, context and output
  // rewrites have no documented shape, and the other events' returns are not read.
  dialect: pluginActionsDialect("amp", { PreToolUse: ["deny"] }),
  nativeMatcher: "none",
  // Mixed-case names (`Bash`, `Read`, `Grep` beside `edit_file`, `glob`), `event.input` being the
  // call's args. Not in Amp's own docs beyond Bash's `cmd`: names and args follow `amp tools list`
  // and third-party readings of the binary, so tools with no known args list none.
  tools: {
    shell: { Bash: { command: "cmd", cwd: "cwd" } },
    read: { Read: { filePaths: "path" } },
    write: { create_file: { filePaths: "path", content: "content" } },
    edit: {
      edit_file: { filePaths: "path", content: "new_str" },
      undo_edit: { filePaths: "path" },
      format_file: { filePaths: "path" },
      delete_file: { filePaths: "path" },
      apply_patch: {},
    },
    // `finder` is a sub-agent search of the codebase by concept; `Glob` is an alias of `glob`.
    search: {
      Grep: { query: "pattern", filePaths: "path" },
      glob: { query: "filePattern" },
      Glob: { query: "filePattern" },
      finder: { query: "query" },
      list_directory: { filePaths: "path" },
    },
    fetch: { read_web_page: { url: "url" }, web_search: { query: "query" } },
    task: { Task: { query: "prompt" }, oracle: { query: "task" }, librarian: { query: "query" } },
    other: [
      "todo_write",
      "todo_read",
      "task_list",
      "mermaid",
      "get_diagnostics",
      "Check",
      "repl",
      "look_at",
      "painter",
      "skill",
      "handoff",
      "read_thread",
      "find_thread",
      "read_mcp_resource",
      "read_github",
      "search_github",
      "commit_search",
      "list_directory_github",
      "list_repositories",
      "glob_github",
      "search_documents",
      "get_document",
      "diff",
      "kraken",
      "reviewer",
      "code_review",
      "diff_review",
      "file_review",
      "walkthrough",
      "walkthrough_diagram",
    ],
  },
  nativeHooks: true,
  hooks: {
    kind: "plugin-module",
    module: {
      generator: "amp-v1",
      folders: { user: (ctx) => join(ampDir(ctx), "plugins"), project: ({ projectDir }) => join(projectDir, ".amp", "plugins") },
    },
  },
  notice: "Amp loads plugins at start (or on `plugins: reload`); older builds load them only when started with PLUGINS=all.",
  mcp: {
    format: "amp",
    scopes: { user: (ctx) => join(ampDir(ctx), "settings.json"), project: ({ projectDir }) => join(projectDir, ".amp", "settings.json") },
    toolName: "mcp__{server}__{tool}",
  },
  detect: { dirs: (ctx) => [ampDir(ctx)], bins: ["amp"] },
});
