import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { topLevelPermissionDialect } from "../src/dialects/top-level-permission.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: docs/hosts/jetbrains-copilot.md. The plugin's agent is the Copilot language server it
// bundles; @github/copilot-language-server@1.539.0 was read (dist/main.js: its HookService, hook
// executor and event handlers), and it is followed where the third-party guide the adapter first
// followed (mksglu/context-mode docs/jetbrains-copilot.md: PascalCase, snake_case payloads,
// hookSpecificOutput) disagrees. It reads every .github/hooks/**/*.json and fires camelCase events
// (sessionStart, sessionEnd, userPromptSubmitted, preToolUse, postToolUse, agentStop, errorOccurred)
// with camelCase payloads (`toolName`, `toolArgs` as a JSON text, `toolResult`, `cwd`; no session
// id), and reads one answer: a top-level `permissionDecision: "deny"` (+ `permissionDecisionReason`)
// on preToolUse. `version: 1` is not read (written: Copilot CLI's files, which it also loads, have it).
// Sessions the plugin runs through its Copilot CLI harness follow copilot-cli.ts instead.

/** Our own file in the folder the plugin loads every *.json of; removal deletes it. */
const ownFile = (project: string, connectorId: string) => join(project, ".github", "hooks", `agent-connector-${connectorId}.jetbrains.json`);

export default defineAdapter({
  id: "jetbrains-copilot",
  name: "GitHub Copilot for JetBrains",
  sources: [
    "https://docs.github.com/en/copilot/reference/customization-cheat-sheet",
    "https://docs.github.com/en/copilot/concepts/agents/copilot-in-jetbrains",
    "@github/copilot-language-server@1.539.0 (the agent the plugin bundles: tool names, input schemas, hook files, events, payloads and the one answer it reads; followed where the third-party guide disagrees)",
  ],
  verified: [
    { version: "1.539.0", by: "source", on: "2026-12-06", note: "the bundled Copilot language server's hook service" },
    { by: "docs", on: "2026-11", note: "a third-party guide; never run" },
  ],
  // The events the language server fires (its HookService's event table). No preCompact there.
  events: {
    SessionStart: "sessionStart",
    SessionEnd: "sessionEnd",
    UserPromptSubmit: "userPromptSubmitted",
    PreToolUse: "preToolUse",
    PostToolUse: "postToolUse",
    Stop: "agentStop",
  },
  // camelCase; the snake_case names of the third-party guide stay as alternatives. No session id is
  // sent; `toolArgs` is the tool input as a JSON text.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    sessionId: { paths: ["sessionId", "session_id"] },
    projectDir: { paths: ["cwd", "workspace_roots.0"] },
    source: { paths: ["source"], values: { new: "startup" } },
    toolName: { paths: ["toolName", "tool_name"] },
    toolInput: { paths: ["toolArgs", "tool_input"] },
    toolOutput: { paths: ["toolResult.textResultForLlm", "tool_response", "tool_output"] },
    isError: { paths: ["toolResult.resultType"], values: { success: false, failure: true, denied: true, rejected: true, timeout: true } },
  },
  // Only preToolUse's top-level `permissionDecision: "deny"` is read (its handlers check deny and
  // nothing else: no ask, no rewrite, no context on any event); hookSpecificOutput is not read.
  dialect: topLevelPermissionDialect("jetbrains-copilot", { PreToolUse: ["deny"] }),
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
      // Copilot CLI's entry: the language server's executor runs `bash` (`powershell` on Windows)
      // with `timeoutSec` (default 30).
      windows: { shell: "powershell", commandKey: "powershell" },
      timeoutUnit: "s",
      entryKeys: { type: "command", command: "bash", timeout: "timeoutSec" },
      header: { version: 1 }, // not read by 1.539.0; Copilot CLI's files have it
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
  notice:
    "GitHub Copilot for JetBrains: the hook contract is taken from the source of the Copilot language server the plugin bundles (1.539.0), never run for real.",
  detect: {
    dirs: ({ home }) => [join(home, ".config", "github-copilot", "intellij"), join(home, "Library", "Application Support", "github-copilot", "intellij")],
    bins: [],
  },
  // The plugin loads every *.json in .github/hooks: VS Code's files there too (same PascalCase shape).
  alsoRuns: [{ platform: "vscode-copilot", scopes: ["project"] }],
});
