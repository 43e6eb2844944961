import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { sameNames } from "../src/events.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: docs/hosts/jetbrains-copilot.md. Doc-verified only, and thinly: GitHub documents hook files
// in .github/hooks/*.json (https://docs.github.com/en/copilot/reference/customization-cheat-sheet)
// but no JetBrains-specific hook contract; the shape below (the plugin's own agent harness,
// plugin 1.5.57+) is a third-party integration guide's (mksglu/context-mode docs/jetbrains-copilot.md).
// Sessions the plugin runs through its Copilot CLI harness follow copilot-cli.ts instead.

/** Our own file in the folder the plugin loads every *.json of; removal deletes it. */
const ownFile = (project: string, connectorId: string) => join(project, ".github", "hooks", `agent-connector-${connectorId}.jetbrains.json`);

export default defineAdapter({
  id: "jetbrains-copilot",
  name: "GitHub Copilot for JetBrains",
  sources: [
    "https://docs.github.com/en/copilot/reference/customization-cheat-sheet",
    "https://docs.github.com/en/copilot/concepts/agents/copilot-in-jetbrains",
    "@github/copilot-language-server@1.539.0 (the agent the plugin bundles: tool names, input schemas, hook calls)",
  ],
  verified: [{ by: "docs", on: "2026-11", note: "a third-party guide; never run" }],
  // Four events in the plugin's own harness.
  events: sameNames(["SessionStart", "PreToolUse", "PostToolUse", "PreCompact"]),
  // Claude-like snake_case (`sessionId` and `workspace_roots` seen as alternatives); tool names
  // are the plugin's (run_in_terminal, …).
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    sessionId: { paths: ["session_id", "sessionId"] },
    projectDir: { paths: ["cwd", "workspace_roots.0"] },
    toolOutput: { paths: ["tool_response", "tool_output"] },
    isError: { paths: ["error_message"], present: true },
  },
  // hookSpecificOutput keyed by the event: permissionDecision deny/ask on PreToolUse, context on
  // SessionStart. No input rewrite; exit codes are not documented for this harness.
  dialect: hookSpecificOutputDialect("jetbrains-copilot", {
    SessionStart: ["context"],
    PreToolUse: ["deny", "ask"],
  }),
  nativeMatcher: "none", // matchers are parsed but ignored: every hook fires for every tool
  // Names: the Copilot agent's tool ids, which the plugin's agent (the Copilot language server it
  // bundles; @github/copilot-language-server@1.539.0 read) passes to its hooks as the tool name:
  // its own tools (read_file, create_file, insert_edit_into_file, replace_string_in_file, apply_patch,
  // list_dir, file_search, grep_search, semantic_search, run_subagent, …) and the IDE's
  // (run_in_terminal, the third-party guide's payload; get_errors, fetch_webpage …). Inputs: that
  // server's tool schemas, camelCase; fetch_webpage's and run_in_terminal's come from the IDE side,
  // taken as VS Code's (urls + query; command).
  tools: {
    shell: { run_in_terminal: { command: "command" } },
    read: { read_file: { filePaths: "filePath" } },
    write: { create_file: { filePaths: "filePath", content: "content" } },
    edit: {
      insert_edit_into_file: { filePaths: "filePath", content: "code" },
      replace_string_in_file: { filePaths: "filePath", content: "newString" },
      apply_patch: { filePaths: { paths: ["input"], patch: true } },
    },
    search: { file_search: { query: "query" }, grep_search: { query: "query" }, semantic_search: { query: "query" }, list_dir: { filePaths: "path" } },
    fetch: { fetch_webpage: { url: { paths: ["urls"], list: true }, query: "query" } },
    task: { run_subagent: { query: "task" } },
    other: {
      ask_questions: WHY.asks,
      get_errors: WHY.lsp,
      get_terminal_output: WHY.jobOutput,
      manage_todo_list: WHY.plan,
      update_user_preferences: WHY.hostInfo,
      validate_cves: WHY.review,
    },
  },
  nativeHooks: true, // event keys are written verbatim, e.g. for a newer plugin's events
  hooks: {
    kind: "hook-file",
    file: {
      layout: "flat-entries",
      root: ["hooks"],
      timeoutUnit: "s", // undocumented for this harness; `timeout` in seconds as VS Code's files
      entryKeys: { type: "command", command: "command", timeout: "timeout" },
      header: { version: 1 }, // a file without it is ignored (third-party guide)
      owned: true,
      // Project scope only: no user-scope hook file is known for the plugin's own harness.
      scopes: { project: ({ projectDir }, id) => ownFile(projectDir, id) },
    },
  },
  // The plugin keeps its MCP list in a file it opens from its settings (community reports place it in
  // ~/.config/github-copilot/intellij/mcp.json; GitHub does not document it): written by hand there.
  mcp: {
    format: "jetbrains",
    scopes: { user: { ui: "in the IDE open Settings → Tools → GitHub Copilot → Model Context Protocol (MCP) → Configure, which opens mcp.json" } },
    toolName: "{tool}",
  },
  notice: "GitHub Copilot for JetBrains: the hook contract is taken from docs (a third-party guide, plugin 1.5.57+), never run for real.",
  detect: {
    dirs: ({ home }) => [join(home, ".config", "github-copilot", "intellij"), join(home, "Library", "Application Support", "github-copilot", "intellij")],
    bins: [],
  },
  // The plugin loads every *.json in .github/hooks: VS Code's files there too (same PascalCase shape).
  alsoRuns: [{ platform: "vscode-copilot", scopes: ["project"] }],
});
