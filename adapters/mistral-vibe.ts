import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { vibeDialect } from "../src/dialects/vibe.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.mistral.ai/vibe/code/cli/hooks (current names pre_tool, post_tool, post_agent,
// followed) and mistralai/mistral-vibe 2.18.4 vibe/core/hooks/ (before_tool, after_tool,
// post_agent_turn, behind enable_experimental_hooks); docs/hosts/mistral-vibe.md.
// $VIBE_HOME replaces ~/.vibe.
const vibeHome = ({ home, env }: PathContext) => (env.VIBE_HOME ? absolute(env.VIBE_HOME) : join(home, ".vibe"));

export default defineAdapter({
  id: "mistral-vibe",
  name: "Mistral Vibe",
  sources: [
    "https://docs.mistral.ai/vibe/code/cli/hooks",
    "https://github.com/mistralai/mistral-vibe/tree/main/vibe/core/hooks (2.18.4)",
    "https://github.com/mistralai/mistral-vibe/tree/main/vibe/core/tools/builtins (2.18.4; tool names and args: the tool vocabulary, the source over the docs' older read_file/search_replace)",
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { version: "2.18.4", by: "source", on: "2026-12-04", note: "fixtures only" },
  ],
  // post_tool fires once per tool that ran, with tool_status success | failure | cancelled: both
  // normalized events are written there, and each answers only its own status (`spurious`).
  events: { PreToolUse: "pre_tool", PostToolUse: "post_tool", PostToolUseFailure: "post_tool", Stop: "post_agent" },
  spurious: { PostToolUse: { tool_status: ["failure", "cancelled"] }, PostToolUseFailure: { tool_status: ["success", "cancelled"] } },
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    toolOutput: { paths: ["tool_output_text", "tool_output"] },
    isError: { paths: ["tool_status"], values: { failure: true, success: false, cancelled: false } },
    error: { paths: ["tool_error", "tool_output_text"] },
    toolUseId: { paths: ["tool_call_id"] },
  },
  // Exit 0 + JSON only (a non-zero exit is a failure and the action proceeds). No ask: pre_tool runs
  // before Vibe's own permission prompt, so no opinion already leads there.
  dialect: vibeDialect("mistral-vibe", {
    PreToolUse: ["deny", "modify"],
    PostToolUse: ["deny", "context", "updatedOutput"],
    PostToolUseFailure: ["context"],
    Stop: ["deny"],
  }),
  // `match` is a case-insensitive glob, or a full-match regex after `re:`: we match at run time.
  nativeMatcher: "none",
  // vibe/core/tools/builtins/*.py of 2.18.4: a tool's name is its class name in snake_case
  // (BaseTool.get_name: WebFetch → web_fetch), its `tool_input` the args model. 2.14 renamed
  // read_file `{path}` and search_replace `{file_path, content}` (SEARCH/REPLACE blocks) to read
  // and edit `{file_path}`: the old names are kept for older installs.
  tools: {
    shell: { bash: { command: "command" } },
    read: { read: { filePaths: "file_path" }, read_file: { filePaths: "path" } },
    write: { write_file: { filePaths: "path", content: "content" } },
    edit: { edit: { filePaths: "file_path", content: "new_string" }, search_replace: { filePaths: "file_path" } },
    search: { grep: { query: "pattern", filePaths: "path" } },
    fetch: { web_fetch: { url: "url" }, web_search: { query: "query" } },
    // `{task, agent}`: every sub-agent goes through this one tool.
    task: { task: { query: "task" } },
    other: {
      todo: WHY.plan,
      skill: WHY.skill,
      ask_user_question: WHY.asks,
      exit_plan_mode: WHY.plan,
    },
  },
  nativeHooks: false, // its three events are all mapped
  eventNotes: { Stop: "keeps the agent going at most 3 times per user turn (Vibe's cap per hook)." },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "toml-array-tables",
      root: ["hooks"],
      timeoutUnit: "s", // float seconds, default 60
      // `name` is required and unique across the project and user files.
      entryKeys: { event: "type", command: "command", timeout: "timeout", matcher: "match" },
      handlerExtras: ({ connectorId, ours }) => ({ name: `agent-connector-${connectorId}-${ours}` }),
      scopes: {
        user: (ctx) => join(vibeHome(ctx), "hooks.toml"),
        project: ({ projectDir }) => join(projectDir, ".vibe", "hooks.toml"), // trusted folders only
      },
    },
  },
  // 2.18.x loaded hooks only behind a switch the current docs no longer mention; we never set it.
  notice:
    "Mistral Vibe 2.18 and older run hooks only with `enable_experimental_hooks = true` in ~/.vibe/config.toml (or VIBE_ENABLE_EXPERIMENTAL_HOOKS=true) and name their types before_tool, after_tool, post_agent_turn; agent-connector writes the current names (pre_tool, post_tool, post_agent) and leaves that switch to you: upgrade Vibe if the hooks do not run. Project hooks load only in trusted folders.",
  hookSwitches: [
    {
      layer: "user",
      file: (ctx) => join(vibeHome(ctx), "config.toml"),
      format: "toml",
      key: ["enable_experimental_hooks"],
      value: true,
      effect: "gate",
      env: "VIBE_ENABLE_EXPERIMENTAL_HOOKS",
      does: "lets Mistral Vibe 2.18 and older run hooks",
      source: "https://github.com/mistralai/mistral-vibe/tree/main/vibe/core/hooks (2.18.4)",
    },
  ],
  // `[[mcp_servers]]` in config.toml (project: trusted folders only).
  mcp: {
    format: "vibe",
    scopes: { user: (ctx) => join(vibeHome(ctx), "config.toml"), project: ({ projectDir }) => join(projectDir, ".vibe", "config.toml") },
    toolName: "{server}_{tool}",
  },
  detect: { dirs: (ctx) => [vibeHome(ctx)], bins: ["vibe"] },
});
