import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { clineDialect } from "../src/dialects/cline.ts";
import { vscodeUserDir } from "../src/families/vscode.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: docs/hosts/cline.md. Where the docs (written for the VS Code extension) and the real
// Cline CLI 3.0.65 differ, 3.0.65 is followed: it was run (test/hosts e2e) and its hook runner read
// (@cline/core 0.0.86 inside `cline@3.0.65`). The docs say a non-zero exit, invalid JSON or a
// timeout blocks (fail-closed); 3.0.65 ignores all three and runs the tool, so only `cancel` denies.
// $CLINE_DIR replaces ~/.cline (@cline/shared storage, resolveClineDir).
const clineDir = ({ home, env }: PathContext) => (env.CLINE_DIR?.trim() ? absolute(env.CLINE_DIR.trim()) : join(home, ".cline"));
const clineDataDir = (ctx: PathContext) => (ctx.env.CLINE_DATA_DIR?.trim() ? absolute(ctx.env.CLINE_DATA_DIR.trim()) : join(clineDir(ctx), "data"));

export default defineAdapter({
  id: "cline",
  name: "Cline",
  sources: [
    "https://docs.cline.bot/customization/hooks",
    "https://docs.cline.bot/features/hooks/hook-reference",
    "npm cline@3.0.65 (@cline/core 0.0.86: hook folders, file names, reply fields, the MCP settings file and schema; followed where the docs disagree)",
    "https://docs.cline.bot/mcp/configuring-mcp-servers",
    "https://github.com/cline/cline/blob/main/apps/vscode/src/core/storage/disk.ts (getAllHooksDirs: the extension reads the Documents folder's Cline/Hooks and each root's .clinerules/hooks, never ~/.cline/hooks) and apps/vscode/src/core/storage/documents-path.ts (the Documents folder per OS)",
    "tools: npm @cline/core@0.0.86 (the CLI's tool names and input schemas) and https://github.com/cline/cline/blob/main/src/shared/tools.ts (the extension's)",
  ],
  verified: [
    { version: "3.0.65", by: "real run", on: "2026-12-04", note: "the CLI" },
    { version: "3.0.65", by: "source", on: "2026-12-04", note: "its hook runner, @cline/core 0.0.86" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "cline", run: true },
  // Cline's own event names are the file names. SessionEnd is TaskComplete (a task that finished);
  // TaskCancel, TaskError and SessionShutdown are host-only (nativeHooks). PreCompact: the extension
  // fires it; 3.0.65 maps it to no event of its own and never runs it.
  events: {
    SessionStart: "TaskStart",
    SessionEnd: "TaskComplete",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
  },
  // camelCase; `hookName` is the runner's internal name (`tool_call`, `agent_start`, …), not the
  // file's. 3.0.65 sends the tool call twice: `tool_call`/`tool_result` {name, input} with the real
  // input, and the older `preToolUse`/`postToolUse` {toolName, parameters}, whose values are strings
  // (`commands: "[\"echo hi\"]"`): the real input first, the older shape for the extension.
  payload: {
    sessionId: { paths: ["taskId"] },
    projectDir: { paths: ["workspaceRoots.0", "workspaceInfo.rootPath"] },
    reason: { paths: ["reason", "turn.status"] },
    prompt: { paths: ["userPromptSubmit.prompt"] },
    toolName: { paths: ["tool_call.name", "tool_result.name", "preToolUse.toolName", "postToolUse.toolName"] },
    toolInput: { paths: ["tool_call.input", "tool_result.input", "preToolUse.parameters", "postToolUse.parameters"] },
    toolOutput: { paths: ["postToolUse.result"] }, // text; tool_result.output is the structured value
    isError: { paths: ["postToolUse.success"], values: { false: true, true: false } },
  },
  // 3.0.65 awaits only PreToolUse and PostToolUse (120 s); TaskStart, UserPromptSubmit and
  // TaskComplete run detached, their output unread. PreToolUse takes `cancel`, `overrideInput`
  // (the tool's arguments, replaced) and `contextModification`; PostToolUse `contextModification`
  // (its `cancel` would end the run after the tool ran, so a deny there becomes context).
  dialect: clineDialect("cline", {
    PreToolUse: ["deny", "modify", "context"],
    PostToolUse: ["context"],
  }),
  // A deny does stop the tool, but 3.0.65 then aborts the whole run ("aborted"), and the reason
  // never reaches the model (real run, docs/hosts/cline.md).
  caveats: { PreToolUse: { deny: "the tool is blocked, but Cline ends the whole run there (the model never sees the reason)" } },
  nativeMatcher: "none", // a file per event, no matcher: every tool call reaches us
  // Two tool sets under one id: the CLI's (@cline/core 0.0.86: run_commands, read_files, editor, …)
  // and the VS Code extension's (src/shared/tools.ts: execute_command, read_file, write_to_file, …).
  // Fields are read from the CLI's real `tool_call.input` first; the older `parameters` hold
  // strings, a list as a JSON text (`commands: "[\"echo hi\"]"`), which a list field reads too.
  // Inputs with one entry per file (read_files `files`, fetch_web_content `requests`) give their
  // first entry's path or URL only.
  tools: {
    shell: { run_commands: { command: { paths: ["commands"], list: true } }, execute_command: { command: "command" } },
    read: {
      read_files: { filePaths: { paths: ["files.0.path", "file_paths", "paths", "files"], list: true } },
      read_file: { filePaths: "path" },
    },
    write: { write_to_file: { filePaths: "path", content: "content" } },
    edit: {
      editor: { filePaths: "path", content: "new_text" },
      apply_patch: { filePaths: { paths: ["input"], patch: true } },
      replace_in_file: { filePaths: "path" }, // `diff` holds SEARCH/REPLACE blocks, not a patch
    },
    search: {
      search_codebase: { query: { paths: ["queries"], list: true } },
      search_files: { query: "regex", filePaths: "path" },
      list_files: { filePaths: "path" },
      list_code_definition_names: { filePaths: "path" },
    },
    fetch: {
      fetch_web_content: { url: "requests.0.url", query: "requests.0.prompt" },
      web_fetch: { url: "url" },
      web_search: { query: "query" },
    },
    task: { spawn_agent: { query: "task" } },
    other: {
      skills: WHY.skill,
      ask_question: WHY.asks,
      submit_and_exit: WHY.turn,
      image_generation: WHY.media,
      team_task: WHY.agents,
      team_status: WHY.plan,
      team_spawn_teammate: WHY.agents,
      team_shutdown_teammate: WHY.agents,
      team_send_message: WHY.agents,
      team_run_task: WHY.agents,
      team_review_outcome_fragment: WHY.agents,
      team_read_mailbox: WHY.agents,
      team_mission_log: WHY.agents,
      team_list_runs: WHY.agents,
      team_list_outcomes: WHY.agents,
      team_finalize_outcome: WHY.agents,
      team_create_outcome: WHY.agents,
      team_cleanup: WHY.agents,
      team_cancel_run: WHY.agents,
      team_broadcast: WHY.agents,
      team_await_runs: WHY.agents,
      team_attach_outcome_fragment: WHY.agents,
      ask_followup_question: WHY.asks,
      attempt_completion: WHY.turn,
      browser_action: WHY.browser,
      use_mcp_tool: "calls an MCP tool by server and tool name in its input (Cline's own MCP call)",
      access_mcp_resource: WHY.mcp,
      load_mcp_documentation: WHY.mcp,
      new_task: WHY.agents,
      plan_mode_respond: WHY.plan,
      act_mode_respond: WHY.turn,
      focus_chain: WHY.plan,
      condense: WHY.turn,
      summarize_task: WHY.turn,
      report_bug: WHY.remote,
      new_rule: "writes a Cline rule through Cline's own settings",
      generate_explanation: "explains a change to the user; runs nothing",
      search_subagent: WHY.agents,
    },
  },
  nativeHooks: true, // TaskResume, TaskCancel, TaskError, SessionShutdown
  hooks: {
    kind: "hooks-folder",
    folder: {
      // 3.0.65 also reads ~/Documents/Cline/Hooks (the extension's folder) and <project>/.cline/hooks,
      // and runs every file of an event from every folder, merging replies (a cancel wins). The VS
      // Code extension reads only the Documents folder's Cline/Hooks (Windows: the Documents known
      // folder; Linux: `xdg-user-dir DOCUMENTS`) and .clinerules/hooks (apps/vscode storage/disk.ts).
      // One launcher in each user folder would run twice in the CLI: the user scope stays the
      // CLI's folder, and the notice names the extension's (docs/hosts/cline.md).
      folders: {
        user: (ctx) => join(clineDir(ctx), "hooks"),
        project: ({ projectDir }) => join(projectDir, ".clinerules", "hooks"),
      },
      // 3.0.65 runs `PreToolUse`, `PreToolUse.sh`, `PreToolUse.py`, … of one folder, all of them.
      besideOwn: (event) => `${event}.sh`,
      eventFiles: [
        "TaskStart",
        "TaskResume",
        "TaskCancel",
        "TaskComplete",
        "TaskError",
        "PreToolUse",
        "PostToolUse",
        "UserPromptSubmit",
        "PreCompact",
        "SessionShutdown",
      ],
      // Windows: `<Event>.ps1` runs under PowerShell (`powershell -File`); a file without suffix runs under bash.
      windows: { flavour: "ps1", suffix: ".ps1" },
    },
  },
  // The CLI's file (3.0.65: $CLINE_MCP_SETTINGS_PATH, else $CLINE_DATA_DIR or ~/.cline/data, then
  // settings/), or the VS Code extension's when only that one exists. Neither has a project file.
  mcp: {
    format: "cline",
    scopes: {
      user: (ctx) => [
        ctx.env.CLINE_MCP_SETTINGS_PATH?.trim()
          ? absolute(ctx.env.CLINE_MCP_SETTINGS_PATH.trim())
          : join(clineDataDir(ctx), "settings", "cline_mcp_settings.json"),
        join(vscodeUserDir(ctx), "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"),
      ],
    },
    toolName: "{server}__{tool}",
  },
  notice: {
    user: "The Cline CLI runs hooks from ~/.cline/hooks; the VS Code extension does not: it reads your Documents folder's Cline/Hooks (~/Documents/Cline/Hooks; on Windows the Documents folder, on Linux the one `xdg-user-dir DOCUMENTS` names) and the project's .clinerules/hooks. For the extension, install with --scope project (.clinerules/hooks, which the CLI reads too).",
  },
  detect: { dirs: (ctx) => [clineDir(ctx), join(ctx.home, "Documents", "Cline")], bins: ["cline"] },
  marker: { payloadKeys: ["clineVersion"] },
});
