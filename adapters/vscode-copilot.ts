import { join } from "../src/paths.ts";
import { defineAdapter, type HookSwitch, type PathContext } from "../src/adapter.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { vscodeUserDir } from "../src/families/vscode.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://code.visualstudio.com/docs/agent-customization/hooks and
// https://code.visualstudio.com/docs/agents/reference/hooks-reference (microsoft/vscode-docs,
// read 2026-07), docs/hosts/vscode-copilot.md. No real-host run, no capture. These are VS Code's
// own ("Local") agent hooks; sessions run through the Copilot CLI harness follow copilot-cli.ts.

/** Our own file in a hooks directory VS Code loads every *.json of; removal deletes it. */
const ownFile = (dir: string, connectorId: string) => join(dir, `agent-connector-${connectorId}.vscode.json`);

const useHooksOff = (layer: "user" | "project", file: (ctx: PathContext) => string): HookSwitch => ({
  layer,
  file,
  format: "json",
  key: ["chat.useHooks"],
  value: false,
  effect: "off",
  does: "switches off hooks in VS Code's Local agent harness",
  source: "https://code.visualstudio.com/docs/enterprise/manage-ai-settings",
});

export default defineAdapter({
  id: "vscode-copilot",
  name: "GitHub Copilot in VS Code",
  sources: [
    "https://code.visualstudio.com/docs/agent-customization/hooks",
    "https://code.visualstudio.com/docs/agents/reference/hooks-reference",
    "https://github.com/microsoft/vscode-copilot-chat/blob/main/src/extension/tools/common/toolNames.ts (tool names; followed over the hooks page's examples)",
    "https://github.com/microsoft/vscode-copilot-chat/blob/main/src/extension/prompts/node/panel/toolCalling.tsx (what tool_name is)",
    "https://code.visualstudio.com/docs/enterprise/manage-ai-settings (chat.useHooks, the hook switch the ChatHooks policy controls)",
    "https://github.com/microsoft/vscode/pull/293575 (languageModelToolsService: a PreToolUse updatedInput replaces the parameters whatever permissionDecision says, after the schema check): a modify is the neutral rewrite, an ask keeps it",
  ],
  verified: [{ by: "docs", on: "2026-07" }],
  // The eight events of the docs; no SessionEnd, Notification, PermissionRequest,
  // PostToolUseFailure (PostToolUse fires on success only) or PostCompact.
  events: {
    SessionStart: "SessionStart", // when the FIRST prompt of a new session is submitted
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
    Stop: "Stop", // "agent session ends"; scoped to a custom agent it also acts as SubagentStop
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
  },
  // Mixed casing: common fields camelCase (`sessionId`, `hookEventName`), event fields snake_case;
  // `session_id` accepted too (a VS Code PR renames the common fields). `source` is always "new".
  // Tool names and inputs are VS Code's own (`run_in_terminal`, `create_file`, `filePath`; `tools` below).
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    sessionId: { paths: ["sessionId", "session_id"] },
    source: { paths: ["source"], values: { new: "startup" } },
  },
  // Claude's shapes, except: Stop's block is NESTED in hookSpecificOutput (SubagentStop's is
  // top-level); UserPromptSubmit and PreCompact have the common output only (`continue:false`
  // would end the whole session, so deny degrades); updatedInput must fit VS Code's tool schema
  // or is ignored; an explicit PreToolUse allow auto-approves (only sent when asked for). No opinion
  // prints nothing: exit 0 with empty output is not discussed; the docs' scripts print `{"continue":true}`.
  dialect: hookSpecificOutputDialect(
    "vscode-copilot",
    {
      SessionStart: ["context"],
      PreToolUse: ["allow", "deny", "ask", "modify", "context"],
      PostToolUse: ["deny", "context"],
      Stop: ["deny"],
      SubagentStart: ["context"],
      SubagentStop: ["deny"],
    },
    // updatedInput is applied on its own, apart from the permission decision (sources: vscode PR 293575).
    { nestedBlock: ["Stop"], rewrite: { alone: "neutral", withAsk: true } },
  ),
  // "VS Code ignores matcher values, so hooks run on all tool invocations" (hooks docs FAQ).
  nativeMatcher: "none",
  // Names: what the hook's tool_name really is, the name the model called (toolCalling.tsx passes
  // toolCall.name to chatHookService.executePreToolUseHook), i.e. the ids of microsoft/vscode-copilot-chat
  // src/extension/tools/common/toolNames.ts (main, 2026-03) and of VS Code's core tools
  // (run_in_terminal, runSubagent, manage_todo_list …). The hooks page's examples (runTerminalCommand,
  // editFiles, createFile) are not such names; its FAQ agrees (create_file, replace_string_in_file).
  // Inputs: camelCase, from each tool's inputSchema (the extension's package.json). MCP: mcp_<server>_<tool>.
  tools: {
    shell: {
      run_in_terminal: { command: "command" },
      // Task and command runners (the runTasks, runCommands and runNotebooks tool sets): they run
      // what a task, a VS Code command or a notebook cell holds. Only create_and_run_task carries
      // the command line (`task.command`); run_task names a task of tasks.json by id.
      create_and_run_task: { command: "task.command" },
      run_task: {},
      run_vscode_command: { command: "commandId" },
      run_notebook_cell: { filePaths: "filePath" },
      runTests: { filePaths: { paths: ["files"], list: true } },
    },
    read: { read_file: { filePaths: "filePath" }, view_image: { filePaths: "filePath" } },
    write: { create_file: { filePaths: "filePath", content: "content" }, create_directory: { filePaths: "dirPath" } },
    edit: {
      replace_string_in_file: { filePaths: "filePath", content: "newString" },
      // One {filePath, oldString, newString} per replacement: every file they name.
      multi_replace_string_in_file: { filePaths: "replacements.*.filePath" },
      insert_edit_into_file: { filePaths: "filePath", content: "code" },
      apply_patch: { filePaths: { paths: ["input"], patch: true } },
      edit_notebook_file: { filePaths: "filePath", content: "newCode" },
    },
    search: {
      file_search: { query: "query" },
      grep_search: { query: "query" },
      semantic_search: { query: "query" },
      list_dir: { filePaths: "path" },
    },
    fetch: { fetch_webpage: { url: { paths: ["urls"], list: true }, query: "query" } },
    // search_subagent and execution_subagent hand a task to a helper agent, as runSubagent does.
    task: { runSubagent: { query: "prompt" }, search_subagent: { query: "query" }, execution_subagent: { query: "query" } },
    other: {
      copilot_getNotebookSummary: "lists an open notebook's cells (ids, kinds, outputs' presence)",
      create_new_jupyter_notebook: "opens a new, unsaved notebook editor; the model fills it with edit_notebook_file",
      create_new_workspace: "walks the user through creating a new workspace",
      get_changed_files: "reads source control's list of changed files and their diffs",
      get_errors: WHY.lsp,
      get_project_setup_info: WHY.hostInfo,
      get_search_view_results: WHY.hostInfo,
      get_task_output: WHY.jobOutput,
      get_terminal_output: WHY.jobOutput,
      get_vscode_api: WHY.hostInfo,
      github_repo: WHY.remote,
      install_extension: "installs a VS Code extension from the marketplace (VS Code asks the user first)",
      list_code_usages: WHY.lsp,
      manage_todo_list: WHY.plan,
      memory: WHY.memory,
      read_notebook_cell_output: WHY.jobOutput,
      read_project_structure: WHY.hostInfo,
      resolve_memory_file_uri: WHY.memory,
      search_workspace_symbols: WHY.lsp,
      switch_agent: WHY.agents,
      terminal_last_command: WHY.jobOutput,
      terminal_selection: WHY.jobOutput,
      test_failure: WHY.lsp,
      test_search: WHY.lsp,
      tool_search: WHY.toolSearch,
      vscode_askQuestions: WHY.asks,
    },
  },
  nativeHooks: false,
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: VS Code runs the command in PowerShell (unverified); `windows` would override `command` there.
      windows: { shell: "powershell" },
      layout: "flat-entries",
      root: ["hooks"],
      // The property table says `timeout` (seconds); one docs example writes `timeoutSec`. The table wins.
      timeoutUnit: "s",
      entryKeys: { type: "command", command: "command", timeout: "timeout" },
      // Not in VS Code's examples; keeps the file valid for Copilot CLI, which reads the same folders.
      header: { version: 1 },
      owned: true,
      scopes: {
        user: ({ home }, id) => ownFile(join(home, ".copilot", "hooks"), id), // docs: `~/.copilot/hooks`, no override
        project: ({ projectDir }, id) => ownFile(join(projectDir, ".github", "hooks"), id),
      },
    },
  },
  // code.visualstudio.com/docs/copilot/reference/mcp-configuration: the profile's and the
  // workspace's mcp.json, root key `servers`.
  // `chat.useHooks` (on by default) runs hooks in VS Code's Local agent harness; false turns them all
  // off there. Workspace settings win over the user's.
  hookSwitches: [
    useHooksOff("user", (ctx) => join(vscodeUserDir(ctx), "settings.json")),
    useHooksOff("project", ({ projectDir }) => join(projectDir, ".vscode", "settings.json")),
  ],
  mcp: {
    format: "vscode",
    scopes: { user: (ctx) => join(vscodeUserDir(ctx), "mcp.json"), project: ({ projectDir }) => join(projectDir, ".vscode", "mcp.json") },
    toolName: "mcp_{server}_{tool}",
  },
  detect: {
    // VS Code's user data or extensions: Copilot Chat ships with recent releases (docs/hosts/vscode-copilot.md).
    dirs: ({ home }) => [
      join(home, ".config", "Code", "User"),
      join(home, "Library", "Application Support", "Code", "User"),
      join(home, ".vscode", "extensions"),
    ],
    bins: ["code", "code-insiders"],
  },
  alsoRuns: [
    // Default chat.hookFilesLocations: .claude/settings(.local).json and ~/.claude/settings.json.
    { platform: "claude-code", scopes: ["user", "project"] },
    // ~/.copilot/hooks and .github/hooks, camelCase keys converted to PascalCase.
    { platform: "copilot-cli", scopes: ["user", "project"] },
    // JetBrains' files share .github/hooks and VS Code's PascalCase shape.
    { platform: "jetbrains-copilot", scopes: ["project"] },
  ],
  // No env var is documented; the camelCase `hookEventName` is VS Code's alone. A VS Code PR renames
  // the common fields to snake_case (`hook_event_name`, `session_id`): then its `timestamp` tells it
  // from Claude Code's payload (which has none). Copilot CLI's Claude-shaped payload has all three
  // too, but Copilot sets COPILOT_CLI and is recognised first (adapters/index.ts order); its own
  // payloads say `sessionId`.
  marker: { payloadKeys: ["hookEventName"], payloadKeysTogether: ["hook_event_name", "session_id", "timestamp"] },
});
