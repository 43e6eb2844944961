import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: superagent-ai/grok-cli (npm grok-dev 1.1.7, source of 2026-05-15) src/hooks/{types,config,
// executor,index}.ts, src/grok/tools.ts, src/agent/agent.ts; docs/hosts/grok-cli.md. Not xAI's Grok
// Build, nor @vibe-kit/grok-cli 0.0.34 (the registry's "grok-cli", which has no hooks).
export default defineAdapter({
  id: "grok-cli",
  name: "Grok CLI",
  sources: [
    "https://github.com/superagent-ai/grok-cli/tree/main/src/hooks",
    "https://github.com/superagent-ai/grok-cli/blob/main/src/mcp/runtime.ts",
    "https://github.com/superagent-ai/grok-cli/blob/main/src/grok/tools.ts (tool names and input schemas: the tool vocabulary)",
  ],
  verified: [{ version: "1.1.7", by: "source", on: "2026-12-04" }],
  events: {
    SessionStart: "SessionStart", // on the first prompt; source "startup" / "resume"
    SessionEnd: "SessionEnd",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse", // the bash tool only
    PostToolUse: "PostToolUse", // bash only
    PreCompact: "PreCompact",
    PostCompact: "PostCompact",
    Stop: "Stop",
    Notification: "Notification",
    PostToolUseFailure: "PostToolUseFailure", // bash only
    SubagentStart: "SubagentStart",
    SubagentStop: "SubagentStop",
    StopFailure: "StopFailure", // sends `error` (src/hooks/types.ts); observe only
  },
  // tool_output is {success, output}; the prompt is `user_prompt`.
  payload: {
    ...SNAKE_CASE_PAYLOAD,
    prompt: { paths: ["user_prompt"] },
    toolOutput: { paths: ["tool_output.output", "tool_output"] },
  },
  // Only a block of bash's PreToolUse is acted on (the tool returns "[Hook blocked] <stderr>"); a
  // JSON block drops the reason, so exit 2. Every other answer is parsed and never used: no context,
  // no keep-going, no approval.
  dialect: exitCodeDialect("grok-cli", { PreToolUse: ["deny"] }),
  // Exact string equality, no lists or patterns: every call reaches us and we match.
  nativeMatcher: "none",
  // src/grok/tools.ts (1.1.7): the `tool()` keys and their input schemas. Only `bash` ever reaches
  // a tool hook (the only caller of executePreToolHooks and its Post twins); the rest are listed so
  // matchers and `explain` know them.
  tools: {
    // computer_launch starts a desktop application; its input keys are not in our sources.
    shell: { bash: { command: "command" }, computer_launch: {} },
    read: { read_file: { filePaths: "path" } },
    write: { write_file: { filePaths: "path", content: "content" } },
    edit: { edit_file: { filePaths: "path", content: "new_string" } },
    search: { grep: { query: "pattern", filePaths: "path" } },
    // fetch_payment_info and paid_request are HTTP calls to a URL (x402 payments).
    fetch: { search_web: { query: "query" }, search_x: { query: "query" }, fetch_payment_info: { url: "url" }, paid_request: { url: "url" } },
    // `delegate` runs a read-only explore agent in the background.
    task: { task: { query: "prompt" }, delegate: { query: "prompt" } },
    other: {
      process_logs: WHY.jobOutput,
      process_stop: WHY.jobStop,
      process_list: WHY.jobOutput,
      generate_image: WHY.media,
      generate_video: WHY.media,
      lsp: WHY.lsp,
      telegram_send_file: "sends a file to the user's Telegram chat",
      computer_snapshot: WHY.desktop,
      computer_screenshot: WHY.desktop,
      computer_click: WHY.desktop,
      computer_mouse_move: WHY.desktop,
      computer_type: WHY.desktop,
      computer_press: WHY.desktop,
      computer_scroll: WHY.desktop,
      computer_list_windows: WHY.desktop,
      computer_focus_window: WHY.desktop,
      computer_wait: WHY.desktop,
      computer_get: WHY.desktop,
      delegation_read: WHY.agents,
      delegation_list: WHY.agents,
      schedule_create: WHY.schedule,
      schedule_list: WHY.schedule,
      schedule_remove: WHY.schedule,
      schedule_read_log: WHY.schedule,
      schedule_daemon_status: WHY.schedule,
      schedule_daemon_start: WHY.schedule,
      schedule_daemon_stop: WHY.schedule,
      wallet_info: "reads the user's payment wallet",
      wallet_history: "reads the user's payment wallet",
      generate_plan: WHY.plan,
    },
  },
  nativeHooks: true,
  nativeEvents: ["TaskCreated", "TaskCompleted", "InstructionsLoaded", "CwdChanged"],
  eventNotes: { PreToolUse: "fires for its bash tool only; file edits and other tools never reach this handler." },
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 30
      // User scope only: project .grok/settings.json hooks are ignored on purpose (a cloned repo must not run commands).
      scopes: { user: ({ home }) => join(home, ".grok", "user-settings.json") },
    },
  },
  // src/utils/settings.ts, src/mcp/runtime.ts: `mcp.servers` in the same file, an array by `id`;
  // tools are named mcp_<id>__<tool>. User scope only.
  mcp: { format: "grok-cli", scopes: { user: ({ home }) => join(home, ".grok", "user-settings.json") }, toolName: "mcp_{server}__{tool}" },
  // Its settings file, not ~/.grok (xAI's Grok Build keeps config.toml there) nor `grok` (both name their binary so).
  detect: { dirs: (ctx) => [join(ctx.home, ".grok", "user-settings.json")], bins: [] },
});
