import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: coder/mux docs/hooks/tools.mdx, docs/reference/mux-compatibility.mdx and
// src/node/services/hooks.ts (2026-08-22, after the product's rename to Xum); docs/hosts/mux.md.
// Mux is now Xum: `.xum/` and `~/.xum` are read first (`.mux/` only when `.xum/` lacks the file,
// `~/.mux` is a link to `~/.xum` after the first start), variables are XUM_* with MUX_* aliases.
// $XUM_ROOT (or $MUX_ROOT) replaces ~/.xum.
const xumHome = ({ home, env }: PathContext) => {
  const root = env.XUM_ROOT || env.MUX_ROOT;
  return root ? absolute(root) : join(home, ".xum");
};
const both = (name: string) => [`XUM_${name}`, `MUX_${name}`];

export default defineAdapter({
  id: "mux",
  name: "Mux",
  sources: [
    "https://github.com/coder/mux/blob/main/docs/hooks/tools.mdx",
    "https://github.com/coder/mux/blob/main/src/node/services/hooks.ts",
    "https://github.com/coder/mux/blob/main/src/node/services/mcpConfigService.ts",
    "https://github.com/coder/mux/blob/main/src/common/utils/tools/toolDefinitions.ts (tool names and schemas: the tool vocabulary)",
  ],
  verified: [{ by: "source", on: "2026-08-22", note: "main, and its docs; fixtures only" }],
  // One executable per name, run before and after every tool call. A failed tool is a tool_post
  // like any other (its result says so in a tool-specific shape): no PostToolUseFailure.
  events: { PreToolUse: "tool_pre", PostToolUse: "tool_post" },
  // No stdin: hooks.ts hands the call over in variables. XUM_TOOL_INPUT holds the input as JSON,
  // or a placeholder when it is over 8 KB, and the file XUM_TOOL_INPUT_PATH names holds it then;
  // likewise XUM_TOOL_RESULT / XUM_TOOL_RESULT_PATH on tool_post.
  input: {
    kind: "env",
    fields: {
      tool_name: { vars: both("TOOL") },
      tool_input: { vars: both("TOOL_INPUT"), json: true, file: both("TOOL_INPUT_PATH") },
      tool_result: { vars: both("TOOL_RESULT"), json: true, file: both("TOOL_RESULT_PATH") },
      workspace_id: { vars: both("WORKSPACE_ID") },
      project_dir: { vars: both("PROJECT_DIR") },
    },
  },
  payload: {
    sessionId: { paths: ["workspace_id"] },
    projectDir: { paths: ["project_dir"] },
    toolName: { paths: ["tool_name"] },
    toolInput: { paths: ["tool_input"] },
    toolOutput: { paths: ["tool_result.output", "tool_result"] },
    isError: { paths: ["tool_result.success"], values: { false: true, true: false } },
  },
  // tool_pre: exit 0 runs the tool, any other exit blocks it and the output is the reason the model
  // reads (a deny: exit 2, the reason on stderr). tool_post: what the hook prints is attached to the
  // result the model sees (`hook_output`): context as plain text.
  dialect: exitCodeDialect("mux", { PreToolUse: ["deny"], PostToolUse: ["context"] }),
  nativeMatcher: "none", // every tool call runs the hook: we match at run time
  // src/common/utils/tools/toolDefinitions.ts (TOOL_DEFINITIONS, each tool's zod schema) and the
  // generated list of docs/hooks/tools.mdx. No grep or glob tool: the agent searches with bash.
  // The file tools' schemas also take Claude's `file_path`/`filePath` for `path`. Provider-run
  // tools (web_search, x_search, google_search, url_context) never reach the hook.
  tools: {
    // The script runs through `bash -c` on the workspace's machine.
    // code_execution runs code in a sandbox; its input keys are not in our sources.
    shell: { bash: { command: "script" }, code_execution: {} },
    read: { file_read: { filePaths: ["path", "file_path", "filePath"] }, attach_file: { filePaths: ["path", "file_path", "filePath"] } },
    edit: {
      file_edit_replace_string: { filePaths: ["path", "file_path", "filePath"], content: "new_string" },
      file_edit_replace_lines: { filePaths: ["path", "file_path", "filePath"], content: { paths: ["new_lines"], list: true } },
      file_edit_insert: { filePaths: ["path", "file_path", "filePath"], content: "content" },
      task_apply_git_patch: { pathless: "it applies a finished subagent task's commits, named by task id: no file in its input" },
    },
    fetch: { web_fetch: { url: "url" } },
    task: { task: { query: "prompt" } },
    other: {
      bash_output: WHY.jobOutput,
      bash_background_list: WHY.jobOutput,
      bash_background_terminate: WHY.jobStop,
      memory: WHY.memory,
      ask_user_question: WHY.asks,
      propose_name: WHY.plan,
      propose_status: WHY.plan,
      propose_plan: WHY.plan,
      task_await: WHY.agents,
      task_send_message: WHY.agents,
      task_retitle: WHY.agents,
      task_stop: WHY.jobStop,
      task_remove: WHY.agents,
      task_list: WHY.plan,
      workflow_run: WHY.workflow,
      workflow_resume: WHY.agents,
      agent_report: WHY.agents,
      timeline_event: WHY.plan,
      set_goal: WHY.plan,
      get_goal: WHY.plan,
      complete_goal: WHY.plan,
      heartbeat: WHY.schedule,
      todo_write: WHY.plan,
      todo_read: WHY.plan,
      review_pane_update: WHY.review,
      review_pane_get: WHY.review,
      analytics_query: "queries Mux's own usage analytics",
      notify: "shows the user a notification",
      tool_catalog_search: WHY.toolSearch,
      mcp_prompt_get: WHY.mcp,
      advisor: "asks a second model for advice; runs nothing",
      agent_skill_read: WHY.skill,
      agent_skill_read_file: WHY.skill,
      agent_skill_list: WHY.skill,
      agent_skill_write: WHY.skill,
      agent_skill_delete: WHY.skill,
      skills_catalog_search: WHY.skill,
      skills_catalog_read: WHY.skill,
      mux_agents_read: WHY.agents,
      mux_agents_write: WHY.agents,
      mux_config_read: WHY.hostInfo,
      mux_config_write: "changes Mux's own settings, not a project file",
      desktop_screenshot: WHY.desktop,
      desktop_move_mouse: WHY.desktop,
      desktop_click: WHY.desktop,
      desktop_double_click: WHY.desktop,
      desktop_drag: WHY.desktop,
      desktop_scroll: WHY.desktop,
      desktop_type: WHY.desktop,
      desktop_key_press: WHY.desktop,
    },
  },
  nativeHooks: false, // tool_pre and tool_post are both mapped
  hooks: {
    kind: "hooks-folder",
    folder: {
      folders: {
        user: (ctx) => xumHome(ctx),
        project: ({ projectDir }) => join(projectDir, ".xum"),
      },
      // The project's file wins over the user's: one runs per name, so a user's own hook stays as it is.
      eventFiles: ["tool_pre", "tool_post"],
      // Mux runs the hook file through bash on every OS (runtime.exec, `bash -c`).
      windows: { flavour: "sh", suffix: "" },
      timeLimit: 10, // hooks.ts: a hook still running after 10 s is killed, and a killed tool_pre blocks
      firstFound: true,
    },
  },
  notice: {
    user: "Mux runs one tool_pre and one tool_post, the project's (.xum/, then .mux/) before the user's: a project hook of that name hides this one. Tool hooks are experimental in Mux; a hook must answer within 10 s (agent-connector answers within 9).",
    project:
      "Mux runs one tool_pre and one tool_post, the project's first: this one hides ~/.xum's, and a .mux/ file of the same name stops running. Tool hooks are experimental in Mux; a hook must answer within 10 s (agent-connector answers within 9). The project's MCP servers load only once you trust the project in Mux.",
  },
  // SSH and Docker workspaces run hooks on the remote machine, where this binary must be too.
  eventNotes: { PreToolUse: "runs on the machine of the workspace (SSH and Docker workspaces: the remote one, which needs agent-connector at the same path)." },
  // mcpConfigService.ts: `mcp.jsonc` in Mux's home, and the project's first of .xum/ and .mux/, which
  // Mux reads only for a trusted project. The docs name only `.mux/mcp.jsonc`; the source reads
  // `.xum/` first. The model sees `{server}_{tool}`, lower-cased (src/common/utils/tools/mcpToolName.ts).
  mcp: {
    format: "mux",
    scopes: {
      user: (ctx) => join(xumHome(ctx), "mcp.jsonc"),
      project: ({ projectDir }) => [join(projectDir, ".xum", "mcp.jsonc"), join(projectDir, ".mux", "mcp.jsonc")],
    },
    toolName: "{server}_{tool}",
  },
  detect: { dirs: (ctx) => [xumHome(ctx), join(ctx.home, ".mux")], bins: ["xum", "mux"] },
});
