import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { hermesDialect } from "../src/dialects/hermes.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: NousResearch/hermes-agent website/docs/user-guide/features/hooks.md (shell hooks) and
// agent/shell_hooks.py; docs/hosts/hermes.md. Its shell hooks are the json-stdio layer (gateway hooks
// and Python plugin hooks are not). Where the fact sheet and the docs differ, the docs are followed.
// $HERMES_HOME replaces ~/.hermes (the default profile's home).
const hermesHome = ({ home, env }: PathContext) => (env.HERMES_HOME ? absolute(env.HERMES_HOME) : join(home, ".hermes"));

export default defineAdapter({
  id: "hermes",
  name: "Hermes Agent",
  sources: [
    "https://github.com/NousResearch/hermes-agent/blob/main/website/docs/user-guide/features/hooks.md",
    "https://github.com/NousResearch/hermes-agent/blob/main/agent/shell_hooks.py",
    // Tool names: the built-in tools reference; inputs: the schemas registered in tools/*.py
    // (terminal_tool.py, file_tools.py, web_tools.py, delegate_tool.py).
    "https://github.com/NousResearch/hermes-agent/blob/main/website/docs/reference/tools-reference.md",
    "https://github.com/NousResearch/hermes-agent/tree/main/tools",
  ],
  // fail_closed applies to pre_tool_call only: an erroring or timed-out hook blocks the tool call (shell_hooks.py).
  hostFailClosed: {
    entry: { fail_closed: true },
    events: ["pre_tool_call"],
    covers: "Hermes blocks the tool call when the hook errors or times out (fail_closed, on pre_tool_call only)",
    source: "https://github.com/NousResearch/hermes-agent/blob/main/website/docs/user-guide/features/hooks.md",
  },
  verified: [
    { by: "docs", on: "2026-11" },
    { by: "source", on: "2026-11", note: "main; fixtures only" },
  ],
  // on_session_end fires when each turn is finalized (the docs' catalog), so it is Stop, and the
  // session's end is on_session_finalize. pre_llm_call is the prompt gate (context only). A failed
  // tool call is a post_tool_call with error fields, not an event of its own: PostToolUseFailure
  // stays unmapped (PostToolUse sees it, with isError).
  events: {
    SessionStart: "on_session_start",
    SessionEnd: "on_session_finalize",
    UserPromptSubmit: "pre_llm_call",
    PreToolUse: "pre_tool_call",
    PostToolUse: "post_tool_call",
    Stop: "on_session_end",
    SubagentStart: "subagent_start",
    SubagentStop: "subagent_stop",
  },
  // Claude's top-level names; everything event-specific is in the `extra` bag.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    prompt: { paths: ["extra.user_message"] },
    reason: { paths: ["extra.reason", "extra.turn_exit_reason"] },
    toolOutput: { paths: ["extra.result"] },
    isError: { paths: ["extra.error_type"], present: true },
    agentId: { paths: ["extra.subagent_id", "extra.child_session_id"] },
    lastAssistantMessage: { paths: ["extra.final_response", "extra.response"] },
  },
  // tool_name is the registry name; tool_input is the call's arguments as the model sent them.
  tools: {
    // execute_code runs a Python script (`code`); process drives terminal's background sessions,
    // its `write`/`submit` actions sending `data` to one's stdin.
    shell: { terminal: { command: "command", cwd: "workdir" }, execute_code: { command: "code" }, process: { command: "data" } },
    read: { read_file: { filePaths: "path" } },
    write: { write_file: { filePaths: "path", content: "content" } },
    // patch has two modes: replace (path, old_string, new_string) and patch (a V4A "*** Begin
    // Patch" text under `patch`, no path). Only the replace mode's path is read here.
    edit: { patch: { filePaths: "path", content: "new_string" } },
    // target "content" greps file contents, "files" globs file names; pattern is either.
    search: { search_files: { query: "pattern", filePaths: "path" } },
    fetch: {
      web_search: { query: "query" },
      web_extract: { url: { paths: ["urls"], list: true } },
      browser_navigate: { url: "url" },
    },
    // Batch mode sends `tasks` (a list of goals) instead of `goal`.
    task: { delegate_task: { query: "goal" } },
    other: {
      clarify: WHY.asks,
      todo: WHY.plan,
      memory: WHY.memory,
      session_search: WHY.agents,
      skills_list: WHY.skill,
      skill_view: WHY.skill,
      skill_manage: WHY.skill,
      cronjob: WHY.schedule,
      send_message: WHY.agents,
      vision_analyze: WHY.media,
      video_analyze: WHY.media,
      image_generate: WHY.media,
      text_to_speech: WHY.media,
      mixture_of_agents: WHY.agents,
      browser_back: WHY.browser,
      browser_cdp: WHY.browser,
      browser_click: WHY.browser,
      browser_close: WHY.browser,
      browser_console: WHY.browser,
      browser_get_images: WHY.browser,
      browser_press: WHY.browser,
      browser_scroll: WHY.browser,
      browser_snapshot: WHY.browser,
      browser_type: WHY.browser,
      browser_vision: WHY.browser,
      ha_call_service: "calls a Home Assistant service (lights, switches), not a shell",
      ha_get_state: "reads a Home Assistant entity",
      ha_list_entities: "reads a Home Assistant entity",
      ha_list_services: "reads a Home Assistant entity",
      rl_check_status: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_edit_config: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_get_current_config: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_get_results: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_list_environments: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_list_runs: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_select_environment: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_start_training: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_stop_training: "drives Hermes' reinforcement-learning training service, not a shell",
      rl_test_inference: "drives Hermes' reinforcement-learning training service, not a shell",
    },
  },
  // pre_tool_call acts on block, approve (Hermes' own approval prompt: a native ask) and modify;
  // pre_llm_call adds `context` to the user message; every other event is an observer.
  dialect: hermesDialect("hermes", { PreToolUse: ["deny", "ask", "modify"], UserPromptSubmit: ["context"] }),
  // Python `re.search` on the tool name, pre_tool_call and post_tool_call only.
  nativeMatcher: "search-name-list",
  nativeMatcherEvents: ["PreToolUse", "PostToolUse"],
  nativeHooks: true, // pre_verify, transform_tool_result, post_llm_call, on_session_reset, …
  eventNotes: {
    PostToolUse: "also fires after a failed or blocked call (isError is then true); Hermes ignores its reply.",
    Stop: "is Hermes' on_session_end, which fires at the end of every turn; it only observes (pre_verify, a native hook, can keep a turn going).",
  },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "yaml-flat-entries",
      root: ["hooks"],
      timeoutUnit: "s", // default 60, at most 300
      // The command is split like a shell line and run WITHOUT a shell: ours is plain words, the
      // binary's path double-quoted when it must be (split_command_line keeps Windows backslashes).
      scopes: { user: (ctx) => join(hermesHome(ctx), "config.yaml") },
    },
  },
  // shell_hooks.py: an (event, command) pair runs only once approved (shell-hooks-allowlist.json);
  // without a terminal an unapproved hook is silently not registered. We never approve for the user.
  notice:
    "Hermes Agent runs a new hook command only after you approve it: start `hermes` once in a terminal and accept each agent-connector hook it asks about. Without a terminal (gateway, cron, desktop) unapproved hooks are silently skipped: approve them at a terminal first, or start Hermes with --accept-hooks (or HERMES_ACCEPT_HOOKS=1). `hermes hooks list` shows them; agent-connector never approves for you.",
  // website/docs/user-guide/features/mcp.md: `mcp_servers.<name>` in the same config.yaml.
  mcp: { format: "hermes", scopes: { user: (ctx) => join(hermesHome(ctx), "config.yaml") }, toolName: "mcp_{server}_{tool}" },
  detect: { dirs: (ctx) => [hermesHome(ctx)], bins: ["hermes"] },
});
