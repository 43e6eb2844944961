import { absolute, join } from "../src/paths.ts";
import { defineAdapter, type PathContext } from "../src/adapter.ts";
import { EVENT_NAMES, sameNames } from "../src/events.ts";
import { hookSpecificOutputDialect } from "../src/dialects/hook-specific-output.ts";
import { WHY } from "../src/tools/other-reasons.ts";

// Facts: https://docs.x.ai/build/features/hooks (read 2026-11), docs/hosts/grok-build.md. xAI's
// Grok Build (`grok`), not the community grok-cli. No real-host run, no capture; a third-party live
// probe of 1.0.0 saw a PreToolUse deny stop the command (taniwhaai/arai, grok-hooks-reverification-1.0.0.md).
// $GROK_HOME replaces ~/.grok (third-party readings of the source; not on the docs page).
const grokDir = ({ home, env }: PathContext) => (env.GROK_HOME ? absolute(env.GROK_HOME) : join(home, ".grok"));

/** Our own file in a hooks folder Grok reads every *.json of: uninstall deletes it. */
const ownFile = (dir: string, connectorId: string) => join(dir, "hooks", `agent-connector-${connectorId}.json`);

export default defineAdapter({
  id: "grok-build",
  name: "Grok Build",
  sources: [
    "https://docs.x.ai/build/features/hooks",
    "https://docs.x.ai/build/features/mcp-servers",
    'https://github.com/xai-org/grok-build (crates/codegen/xai-grok-agent/src/config.rs, crates/codegen/xai-grok-tools/src/implementations/, docs/user-guide/10-hooks.md "Tool Name Aliases": the tool vocabulary; source of 2026-08-19)',
    "https://github.com/xai-org/grok-build/blob/main/crates/codegen/xai-grok-hooks/src/event.rs (event names and their aliases, the payload envelope and each event's fields; source of 2026-08-19, rechecked 2026-12-06)",
    "https://github.com/xai-org/grok-build (crates/codegen/xai-grok-shell/src/session/acp_session_impl/tool_calls.rs: when PostToolUse and PostToolUseFailure fire; crates/codegen/xai-grok-tools/src/types/output.rs: ToolOutput, MCPOutput.is_error, is_error(); source of 2026-08-19, read 2026-12-06): PostToolUse's isError",
  ],
  verified: [
    { by: "docs", on: "2026-11" },
    { version: "1.0.0", by: "third-party run", on: "2026-11", note: "PreToolUse deny seen to work" },
  ],
  // Claude's names; no PermissionRequest (only PermissionDenied, after the fact: camelCase toolName, toolInput).
  events: sameNames(EVENT_NAMES.filter((event) => event !== "PermissionRequest")),
  // camelCase (docs: hookEventName, sessionId, cwd, workspaceRoot, toolName, toolInput); the other
  // fields as the source names them (xai-grok-hooks src/event.rs: the envelope, with each event's
  // payload flattened into it), Claude's snake_case as a fallback. Subagents are `subagentId` /
  // `subagentType` (SessionStart's `agentType` is the session's agent); compaction's trigger is `source`.
  payload: {
    sessionId: { paths: ["sessionId", "session_id"] },
    projectDir: { env: ["GROK_WORKSPACE_ROOT"], paths: ["workspaceRoot", "cwd"] },
    source: { paths: ["source"] },
    reason: { paths: ["reason"] },
    prompt: { paths: ["prompt"] },
    toolName: { paths: ["toolName", "tool_name"] }, // Grok's own names (`tools` below)
    toolInput: { paths: ["toolInput", "tool_input"] },
    toolOutput: { paths: ["toolResult", "toolResponse", "tool_response"] },
    // PostToolUse has no status field: it fires for every call that returned an output, failed
    // ones included (a Bash run that exited non-zero, an MCP error); PostToolUseFailure is for calls
    // that returned none. `toolResult` is the output serialized with its `type` tag; only an MCP
    // output says it failed in a field of its own (`is_error`, written only when true). Bash's
    // `exit_code` is left out: grep's output has one too, where 1 means no match, not a failure.
    isError: { paths: ["toolResult.is_error"] },
    toolUseId: { paths: ["toolUseId", "tool_use_id"] },
    error: { paths: ["error"] },
    errorDetails: { paths: ["errorDetails", "error_details"] },
    trigger: { paths: ["trigger", "source"] },
    stopHookActive: { paths: ["stopHookActive", "stop_hook_active"] },
    message: { paths: ["message"] },
    notificationType: { paths: ["notificationType"] },
    transcriptPath: { paths: ["transcriptPath"] },
    permissionMode: { paths: ["permissionMode"] },
    durationMs: { paths: ["durationMs"] },
    model: { paths: ["modelId"] },
    agentId: { paths: ["subagentId", "agentId", "agent_id"] },
    agentType: { paths: ["subagentType", "agentType", "agent_type"] },
    lastAssistantMessage: { paths: ["lastAssistantMessage", "last_assistant_message"] },
  },
  // "PreToolUse — the only blocking event" (docs): Claude's hookSpecificOutput deny (or exit 2).
  // ask, updatedInput and updatedToolOutput are third-party readings of the source: not sent.
  // Nothing else is read: Stop, UserPromptSubmit and the rest are observe-only.
  dialect: hookSpecificOutputDialect("grok-build", { PreToolUse: ["deny"] }),
  // A regex on the tool name; Claude's names (Bash, Read, Edit) are mapped to Grok's, so plain
  // names are written as they are.
  nativeMatcher: "claude-regex",
  // The default `grok-build` toolset (xai-grok-agent src/config.rs: its model-facing names, e.g.
  // bash renamed run_terminal_command, task spawn_subagent) and each tool's input struct
  // (xai-grok-tools src/implementations/grok_build/, opencode/write). `toolInput` is the call's
  // args as the model sent them, cut at 128 KB (`toolInputTruncated`). A call through `use_tool`
  // is reported as the MCP tool it dispatches (`<server>__<tool>`). Other presets (codex,
  // hashline, concise) name their tools otherwise.
  tools: {
    // monitor starts a command and streams its lines (as Claude Code's Monitor, whose input it takes).
    shell: { run_terminal_command: { command: "command" }, monitor: { command: "command" } },
    read: { read_file: { filePaths: "target_file" } },
    write: { write: { filePaths: "file_path", content: "content" } },
    // Claude's Edit, Write and MultiEdit all map to search_replace in a matcher.
    edit: { search_replace: { filePaths: "file_path", content: "new_string" } },
    search: { grep: { query: "pattern", filePaths: "path" }, list_dir: { filePaths: "target_directory" } },
    fetch: { web_fetch: { url: "url" }, web_search: { query: "query" } },
    task: { spawn_subagent: { query: "prompt", cwd: "cwd" } },
    other: {
      get_command_or_subagent_output: WHY.jobOutput,
      wait_commands_or_subagents: WHY.jobOutput,
      kill_command_or_subagent: WHY.jobStop,
      todo_write: WHY.plan,
      scheduler_create: WHY.schedule,
      scheduler_delete: WHY.schedule,
      scheduler_list: WHY.schedule,
      search_tool: WHY.toolSearch,
      update_goal: WHY.plan,
      workflow: WHY.workflow,
      enter_plan_mode: WHY.plan,
      exit_plan_mode: WHY.plan,
      ask_user_question: WHY.asks,
      image_gen: WHY.media,
      image_edit: WHY.media,
      image_to_video: WHY.media,
      reference_to_video: WHY.media,
      memory_search: WHY.memory,
      memory_get: WHY.memory,
      lsp: WHY.lsp,
    },
  },
  nativeHooks: true, // StopCancelled (third-party source readings)
  hooks: {
    kind: "hook-file",
    file: {
      layout: "nested-matcher-groups",
      root: ["hooks"],
      timeoutUnit: "s", // default 5
      owned: true,
      scopes: {
        user: (ctx, id) => ownFile(grokDir(ctx), id),
        project: ({ projectDir }, id) => ownFile(join(projectDir, ".grok"), id),
      },
    },
  },
  notice: { project: "Grok Build runs project hooks only in a trusted folder (/hooks-trust, or launch with --trust)." },
  // ~/.grok with config.toml is Grok Build; the community grok-cli keeps ~/.grok/user-settings.json.
  detect: { dirs: (ctx) => [join(grokDir(ctx), "config.toml")], bins: ["grok"] },
  // "Claude Code (.claude/settings.json) and Cursor (.cursor/hooks.json) hook files are read as
  // well, including Cursor's camelCase event names" (docs), with Grok's payload.
  // docs.x.ai/build/features/mcp-servers: `[mcp_servers.<name>]` tables in config.toml (project:
  // once the folder is trusted), `${VAR}` expanded in command, args, env, url and headers.
  mcp: {
    format: "grok-build",
    scopes: { user: (ctx) => join(grokDir(ctx), "config.toml"), project: ({ projectDir }) => join(projectDir, ".grok", "config.toml") },
    toolName: "{server}__{tool}",
  },
  alsoRuns: [
    { platform: "claude-code", scopes: ["user", "project"] },
    { platform: "cursor", scopes: ["project"] },
  ],
  // Set by Grok's hook runner for every hook process (docs), not a session variable.
  marker: { env: ["GROK_HOOK_EVENT"] },
});
