import { absolute, join, systemFile } from "../src/paths.ts";
import { defineAdapter, type HookSwitch, type PathContext } from "../src/adapter.ts";
import { geminiDialect } from "../src/dialects/gemini.ts";
import { withExtras } from "../src/dialects/extras.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://geminicli.com/docs/hooks/reference (google-gemini/gemini-cli docs/hooks/reference.md),
// docs/hosts/gemini-cli.md (real run of gemini 0.61.0).
// $GEMINI_CLI_HOME replaces the home dir that holds .gemini (gemini-cli packages/core/src/utils/paths.ts `homedir()`).
const geminiDir = ({ home, env }: PathContext) => join(env.GEMINI_CLI_HOME ? absolute(env.GEMINI_CLI_HOME) : home, ".gemini");

/** settings.json per scope: the hooks and the MCP servers live in the same file. */
const SETTINGS = {
  user: (ctx: PathContext) => join(geminiDir(ctx), "settings.json"),
  project: ({ projectDir }: PathContext) => join(projectDir, ".gemini", "settings.json"),
};

// geminicli.com/docs/reference/configuration: `hooksConfig.enabled` (default true) is the master
// switch of hooks. Its system settings file overrides user and project settings; the project's
// counts in trusted folders only.
const systemSettings = ({ env, os }: PathContext) =>
  env.GEMINI_CLI_SYSTEM_SETTINGS_PATH ||
  systemFile(
    {
      linux: "/etc/gemini-cli/settings.json",
      darwin: "/Library/Application Support/GeminiCli/settings.json",
      win32: "C:\\ProgramData\\gemini-cli\\settings.json",
    },
    env,
    os,
  );
// `hooksConfig.disabled` lists hooks it skips by name (what `/hooks disable <name>` adds), ours
// named `agent-connector-<connector>-<event>` (hookRegistry: a hook's name, else its command).
const hooksOff = (layer: "user" | "project" | "system", file: (ctx: PathContext) => string): HookSwitch[] => [
  {
    layer,
    file,
    format: "json",
    key: ["hooksConfig", "enabled"],
    value: false,
    effect: "off",
    does: "switches Gemini CLI hooks off",
    source: "https://geminicli.com/docs/reference/configuration",
  },
  {
    layer,
    file,
    format: "json",
    key: ["hooksConfig", "disabled"],
    value: "our-hook-names",
    effect: "off",
    does: "makes Gemini CLI skip the hooks it names",
    source: "https://geminicli.com/docs/hooks",
  },
];

export default defineAdapter({
  id: "gemini-cli",
  name: "Gemini CLI",
  sources: [
    "https://geminicli.com/docs/hooks/reference",
    "https://geminicli.com/docs/reference/configuration (hooksConfig.enabled, the system settings file)",
    // Tool names and their parameters: the source (a 0.56 nightly), which the docs' tools reference agrees with.
    "https://github.com/google-gemini/gemini-cli/blob/main/packages/core/src/tools/definitions/base-declarations.ts",
    "https://geminicli.com/docs/reference/tools",
    "https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md (common output fields: continue / stopReason per event, systemMessage, suppressOutput hides hook metadata from logs): halt, systemMessage",
    "@google/gemini-cli@0.61.0 real run, 2026-12-06 (test/hosts cases halt-after-tool, halt-prompt: continue false on AfterTool and BeforeAgent ends the run before the model is asked again)",
  ],
  verified: [
    { version: "0.61.0", by: "real run", on: "2026-12-04" },
    { by: "docs", on: "2026-12-04" },
  ],
  version: { npm: "@google/gemini-cli", run: true },
  // No PostCompact, PermissionRequest (the prompt only shows as a Notification), PostToolUseFailure
  // (failures arrive in AfterTool's tool_response.error) or subagent events.
  events: {
    SessionStart: "SessionStart", // advisory: cannot block
    SessionEnd: "SessionEnd", // best effort, not awaited
    UserPromptSubmit: "BeforeAgent",
    PreToolUse: "BeforeTool", // tool names: run_shell_command, read_file, write_file, replace, …
    PostToolUse: "AfterTool",
    PreCompact: "PreCompress", // 0.61 fires it before every model turn with trigger "auto" (docs/hosts/gemini-cli.md)
    Stop: "AfterAgent", // deny = reject the answer and retry with the reason as the prompt
    Notification: "Notification", // ToolPermission only; never with --yolo
  },
  // No tool_use_id. tool_response is {llmContent, returnDisplay, error?}; the project dir is an
  // env var only (GEMINI_PROJECT_DIR, docs/hosts/gemini-cli.md).
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    projectDir: { env: ["GEMINI_PROJECT_DIR"], paths: ["cwd"] },
    isError: { paths: ["tool_response.error"], present: true },
  },
  // Top-level decision/reason; the Claude-shaped deny is ignored and the tool runs (docs/hosts/gemini-cli.md).
  // The common output fields (docs/hooks/reference.md): `continue: false` (+ `stopReason`, shown to
  // the user) ends the agent loop on BeforeTool, AfterTool, BeforeAgent and AfterAgent and is
  // ignored on SessionStart, SessionEnd, Notification and PreCompress; `systemMessage` is shown to
  // the user on every event; its `suppressOutput` hides hook metadata from logs, not output from
  // the transcript: not ours.
  dialect: withExtras(
    geminiDialect("gemini-cli", {
      SessionStart: ["context"], // interactive: first history turn; -p: prepended to the prompt
      UserPromptSubmit: ["deny", "context"], // deny drops the prompt; context is appended to it
      // decision "allow" skips no prompt (reference: allow | deny only), ask is not in the
      // reference, context is not documented here. tool_input is MERGED over the model's
      // arguments: keys left out of updatedInput keep their values.
      PreToolUse: ["deny", "modify"],
      PostToolUse: ["deny", "context", "updatedOutput"], // deny: the reason replaces the result; tool_output replaces it
      Stop: ["deny"],
      // SessionEnd, Notification, PreCompress: only systemMessage, which reaches the user, not the model.
    }),
    { spelling: "universal", halt: ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"], systemMessage: "all" },
  ),
  nativeMatcher: "claude-regex", // regex on the tool name for BeforeTool/AfterTool
  // Its own tool names (packages/core/src/tools/tool-names.ts and definitions/, docs/reference/tools.md):
  // `tool_name` is the name, not the display name (WriteFile, SearchText). Older releases call
  // grep_search `search_file_content` and the directory fields `directory` / `path`.
  tools: {
    shell: { run_shell_command: { command: "command", cwd: ["dir_path", "directory"] } },
    read: {
      read_file: { filePaths: "file_path" },
      read_many_files: { filePaths: { paths: ["include"], list: true } }, // paths or globs
    },
    write: { write_file: { filePaths: "file_path", content: "content" } },
    edit: { replace: { filePaths: "file_path", content: "new_string" } },
    search: {
      glob: { query: "pattern", filePaths: ["dir_path", "path"] },
      grep_search: { query: "pattern", filePaths: ["dir_path", "path"] },
      search_file_content: { query: "pattern", filePaths: ["dir_path", "path"] },
      list_directory: { filePaths: ["dir_path", "path"] },
    },
    // web_fetch has no url field: the URLs are inside its prompt.
    fetch: { web_fetch: { query: "prompt" }, google_web_search: { query: "query" } },
    task: { invoke_agent: { query: "prompt" } },
    other: {
      write_todos: WHY.plan,
      ask_user: WHY.asks,
      activate_skill: WHY.skill,
      get_internal_docs: WHY.hostInfo,
      enter_plan_mode: WHY.plan,
      exit_plan_mode: WHY.plan,
      update_topic: WHY.plan,
      complete_task: WHY.turn,
      tracker_create_task: WHY.plan,
      tracker_update_task: WHY.plan,
      tracker_get_task: WHY.plan,
      tracker_list_tasks: WHY.plan,
      tracker_add_dependency: WHY.plan,
      tracker_visualize: WHY.plan,
      read_mcp_resource: WHY.mcp,
      list_mcp_resources: WHY.mcp,
      list_background_processes: WHY.jobOutput,
      read_background_output: WHY.jobOutput,
      save_memory: WHY.memory,
    },
  },
  nativeHooks: true, // BeforeModel, AfterModel (once per streamed chunk), BeforeToolSelection
  hooks: {
    kind: "hook-file",
    file: {
      // Windows: PowerShell, the shell Gemini CLI runs every command with there (its shell utilities).
      windows: { shell: "powershell" },
      layout: "nested-matcher-groups",
      root: ["hooks"], // settings.json is shared with mcpServers & co: edited in place
      timeoutUnit: "ms", // default 60000
      // `name` is what /hooks enable|disable and hooksConfig.disabled refer to.
      handlerExtras: ({ connectorId, event }) => ({ name: `agent-connector-${connectorId}-${event}` }),
      // project: trusted folders only; managed: the system settings file, above every other layer.
      scopes: { ...SETTINGS, managed: systemSettings },
    },
  },
  // geminicli.com/docs/cli/enterprise: the system settings file overrides the others key by key;
  // objects and arrays are merged, so every layer's hooks run. No setting keeps only its hooks.
  managedLayer: {
    merge: "overrides the other layers key by key; objects such as hooks are merged, so every layer's hooks run",
    source: "https://geminicli.com/docs/cli/enterprise",
  },
  hookSwitches: [...hooksOff("user", SETTINGS.user), ...hooksOff("project", SETTINGS.project), ...hooksOff("system", systemSettings)],
  // geminicli.com/docs/tools/mcp-server: `mcpServers` in the same settings.json.
  mcp: {
    format: "gemini",
    scopes: SETTINGS,
    toolName: "mcp_{server}_{tool}",
  },
  detect: { dirs: (ctx) => [geminiDir(ctx)], bins: ["gemini"] },
});
