import { join } from "../src/paths.ts";
import type { PathContext } from "../src/adapter.ts";
import { defineAdapter } from "../src/adapter.ts";
import { pluginActionsDialect } from "../src/dialects/plugin-actions.ts";
import { WHY } from "../src/tools/other-reasons.ts";
import { WHOLE_INPUT } from "../src/tools/vocabulary.ts";

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
    // repl runs code in an interactive interpreter; its args are unknown.
    shell: { Bash: { command: "cmd", cwd: "cwd" }, repl: {} },
    read: { Read: { filePaths: "path" } },
    write: { create_file: { filePaths: "path", content: "content" } },
    edit: {
      edit_file: { filePaths: "path", content: "new_str" },
      undo_edit: { filePaths: "path" },
      format_file: { filePaths: "path" },
      delete_file: { filePaths: "path" },
      // Its args are not published: the patch text under the keys other hosts' apply_patch use, or bare.
      apply_patch: { filePaths: { paths: ["input", "patch", WHOLE_INPUT], patch: true } },
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
    other: {
      todo_write: WHY.plan,
      todo_read: WHY.plan,
      task_list: WHY.plan,
      mermaid: WHY.media,
      get_diagnostics: WHY.lsp,
      Check: WHY.review,
      look_at: WHY.media,
      painter: WHY.media,
      skill: WHY.skill,
      handoff: WHY.agents,
      read_thread: WHY.agents,
      find_thread: WHY.agents,
      read_mcp_resource: WHY.mcp,
      read_github: WHY.remote,
      search_github: WHY.remote,
      commit_search: WHY.remote,
      list_directory_github: WHY.remote,
      list_repositories: WHY.remote,
      glob_github: WHY.remote,
      search_documents: WHY.remote,
      get_document: WHY.remote,
      diff: WHY.review,
      kraken: WHY.agents,
      reviewer: WHY.review,
      code_review: WHY.review,
      diff_review: WHY.review,
      file_review: WHY.review,
      walkthrough: WHY.review,
      walkthrough_diagram: WHY.media,
    },
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
