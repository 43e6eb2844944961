import { join } from "../src/paths.ts";
import { defineAdapter, type PathContext, type PluginPackageSpec } from "../src/adapter.ts";
import { pluginActionsDialect } from "../src/dialects/plugin-actions.ts";
import { SUBAGENT_EVENTS } from "../src/core/payload-map.ts";
import { WHY } from "../src/tools/other-reasons.ts";

/** The state dir: `$OPENCLAW_STATE_DIR`, else `.openclaw` under `$OPENCLAW_HOME` or the home. */
export const openclawState = ({ home, env }: PathContext): string => env.OPENCLAW_STATE_DIR || join(env.OPENCLAW_HOME || home, ".openclaw");
/** `$OPENCLAW_CONFIG_PATH`, else `<state dir>/openclaw.json`. */
export const openclawConfig = (ctx: PathContext): string => ctx.env.OPENCLAW_CONFIG_PATH || join(openclawState(ctx), "openclaw.json");

/** The native plugin: its folder under `<state dir>/extensions/` (found there at start), enabled in openclaw.json. */
export const OPENCLAW_PACKAGE: PluginPackageSpec = {
  kind: "openclaw",
  config: openclawConfig,
  // Non-bundled plugins get these only with plugins.entries.<id>.hooks.allowConversationAccess (docs/plugins/hooks.md).
  conversationHooks: [
    "before_model_resolve",
    "agent_turn_prepare",
    "before_prompt_build",
    "before_agent_reply",
    "llm_input",
    "llm_output",
    "before_agent_finalize",
    "agent_end",
    "before_agent_run",
  ],
  // SessionStart's context goes into the first prompt built in the session.
  alsoRegisters: { SessionStart: ["before_prompt_build"] },
};

// Facts: docs/hosts/openclaw.md (real run of 2026.9.6 under Node 24, `openclaw agent --local`).
// The docs shipped in the npm package (docs/plugins/hooks.md, manifest.md, tools/plugin.md) win
// over the fact sheet where they differ: `plugins.allow` is an exclusive allowlist, so it is only
// added to, never created.
export default defineAdapter({
  id: "openclaw",
  name: "OpenClaw",
  sources: [
    "https://docs.openclaw.ai/plugins/hooks",
    "https://docs.openclaw.ai/plugins/manifest",
    "https://docs.openclaw.ai/tools/plugin",
    "real run of openclaw 2026.9.6 (docs/hosts/openclaw.md)",
    "https://docs.openclaw.ai/tools and https://docs.openclaw.ai/gateway/config-tools (tool names and groups), openclaw@2026.9.6 docs/tools/*.md and dist tool schemas (args): the tool vocabulary",
  ],
  verified: [
    { version: "2026.9.6", by: "real run", on: "2026-12-04", note: "under Node 24" },
    { by: "docs", on: "2026-12-04", note: "the docs in its npm package" },
  ],
  version: { npm: "openclaw", run: true },
  events: {
    // Did not fire in a one-shot `agent --local` run; the module also starts the session from the first prompt it builds.
    SessionStart: "session_start",
    SessionEnd: "session_end",
    UserPromptSubmit: "before_prompt_build",
    PreToolUse: "before_tool_call",
    PostToolUse: "after_tool_call",
    // after_tool_call carrying `error`.
    PostToolUseFailure: "after_tool_call",
    // Before the run's final answer is kept: `lastAssistantMessage`, `stopHookActive`.
    Stop: "before_agent_finalize",
    PreCompact: "before_compaction",
    PostCompact: "after_compaction",
    SubagentStart: "subagent_spawned",
    SubagentStop: "subagent_ended",
  },
  payload: {
    sessionId: { paths: ["ctx.sessionId", "event.sessionId"] },
    projectDir: { paths: ["ctx.workspaceDir", "event.cwd", "cwd"] },
    prompt: { paths: ["event.prompt"] },
    toolName: { paths: ["event.toolName"] },
    toolInput: { paths: ["event.params"] },
    toolOutput: { paths: ["event.result.content"], textParts: true },
    toolUseId: { paths: ["event.toolCallId"] },
    error: { paths: ["event.error"] },
    durationMs: { paths: ["event.durationMs"] },
    stopHookActive: { paths: ["event.stopHookActive"] },
    lastAssistantMessage: { paths: ["event.lastAssistantMessage"] },
    reason: { paths: ["event.reason"] },
    // Its subagent events name the subagent; elsewhere an agentId is the running agent's ("main").
    agentId: { paths: ["event.childSessionKey", "event.agentId"], on: SUBAGENT_EVENTS },
    agentType: { paths: ["event.agentId"], on: SUBAGENT_EVENTS },
  },
  dialect: pluginActionsDialect("openclaw", {
    // appendSystemContext of before_prompt_build (needs conversation access, which install grants).
    SessionStart: ["context"],
    UserPromptSubmit: ["context"],
    // `{block, blockReason}` (the model gets the reason) or `{params}`. No context: the hook has no channel for it.
    PreToolUse: ["deny", "modify"],
  }),
  nativeMatcher: "none",
  // Built-in tools of 2026.9.6 (docs/gateway/config-tools/tool-policy.md groups, docs/tools/*.md, and
  // the shipped dist's tool schemas), `event.params` being the call's args. File tools are Pi's with
  // `path` (OpenClaw also accepts Claude's `file_path` for it); `bash` is only a policy alias of `exec`.
  tools: {
    // With Code Mode on, `exec` is instead the JavaScript runner of the tool catalog (no `command`).
    // process drives exec's background sessions (its `write` action types into one); terminal and
    // code_execution run a terminal and code. Their keys are not in our sources beyond exec's.
    shell: { exec: { command: "command", cwd: "workdir" }, process: {}, terminal: {}, code_execution: {} },
    read: { read: { filePaths: ["path", "file_path"] }, view_image: { filePaths: { paths: ["paths", "path"], list: true } } },
    write: { write: { filePaths: ["path", "file_path"], content: "content" } },
    // `{path, edits: [{oldText, newText}]}`: the replacement text sits in a list, so no `content`.
    edit: { edit: { filePaths: ["path", "file_path"] }, apply_patch: { filePaths: { paths: ["input"], patch: true } } },
    search: { ls: { filePaths: "path" } },
    fetch: { web_fetch: { url: "url" }, web_search: { query: "query" }, x_search: { query: "query" } },
    task: { sessions_spawn: { query: "task", cwd: "cwd" } },
    other: {
      ask_user: WHY.asks,
      secrets: "reads or stores a secret in the host's vault; the value is kept from the model",
      browser: WHY.browser,
      screen: WHY.browser,
      theme: WHY.hostInfo,
      dashboard: WHY.hostInfo,
      portal: WHY.browser,
      canvas: WHY.browser,
      show_widget: "shows a widget in the chat UI",
      progress_card: "shows a progress card in the chat UI",
      message: WHY.agents,
      sessions: WHY.agents,
      sessions_list: WHY.agents,
      sessions_history: WHY.agents,
      sessions_search: WHY.agents,
      sessions_send: WHY.agents,
      sessions_yield: WHY.agents,
      conversations_list: WHY.agents,
      conversations_send: WHY.agents,
      conversations_turn: WHY.agents,
      subagents: WHY.agents,
      agents_list: WHY.agents,
      agents_wait: WHY.agents,
      session_status: WHY.plan,
      suggest_task: WHY.plan,
      dismiss_task: WHY.plan,
      memory_search: WHY.memory,
      memory_get: WHY.memory,
      get_goal: WHY.plan,
      create_goal: WHY.plan,
      update_goal: WHY.plan,
      skill_workshop: WHY.skill,
      heartbeat_respond: WHY.schedule,
      automations: WHY.schedule,
      cron: WHY.schedule,
      gateway: WHY.hostInfo,
      plugins: WHY.hostInfo,
      openclaw: WHY.hostInfo,
      nodes: "talks to OpenClaw's paired devices (notify, camera, location)",
      computer: WHY.desktop,
      image_generate: WHY.media,
      music_generate: WHY.media,
      video_generate: WHY.media,
      tts: WHY.media,
      pdf: WHY.media,
      structured_output: WHY.turn,
      transcripts: WHY.agents,
      mobile_ui: WHY.desktop,
      github_identity_status: WHY.remote,
      github_publish: WHY.remote,
      tool_search: WHY.toolSearch,
      tool_search_code: WHY.toolSearch,
      tool_describe: WHY.toolSearch,
      wait: WHY.agents,
    },
  },
  // Any typed hook name (llm_input, message_sending, gateway_start, …) is wired verbatim.
  nativeHooks: true,
  hooks: {
    kind: "plugin-module",
    module: { generator: "openclaw-v1", folders: { user: (ctx) => join(openclawState(ctx), "extensions") }, package: OPENCLAW_PACKAGE },
  },
  notice:
    "OpenClaw loads plugins when the Gateway starts: restart it (`openclaw gateway restart`) after install; `openclaw agent --local` runs load them each time. Needs Node ≥ 24.16.",
  mcp: { format: "openclaw", scopes: { user: (ctx) => openclawConfig(ctx) }, toolName: "{server}__{tool}" },
  detect: { dirs: (ctx) => [openclawState(ctx)], bins: ["openclaw"] },
});
