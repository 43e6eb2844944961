import { join } from "../src/paths.ts";
import { defineAdapter } from "../src/adapter.ts";
import { exitCodeDialect } from "../src/dialects/exit-code.ts";
import { SNAKE_CASE_PAYLOAD } from "../src/core/payload-map.ts";

// Facts: superagent-ai/grok-cli (npm grok-dev 1.1.7, source of 2026-05-15) src/hooks/{types,config,
// executor,index}.ts, src/grok/tools.ts, src/agent/agent.ts; docs/hosts/grok-cli.md. Not xAI's Grok
// Build, nor @vibe-kit/grok-cli 0.0.34 (the registry's "grok-cli", which has no hooks).
export default defineAdapter({
  id: "grok-cli",
  name: "Grok CLI",
  sources: ["https://github.com/superagent-ai/grok-cli/tree/main/src/hooks", "https://github.com/superagent-ai/grok-cli/blob/main/src/mcp/runtime.ts"],
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
  nativeHooks: true,
  nativeEvents: ["StopFailure", "TaskCreated", "TaskCompleted", "InstructionsLoaded", "CwdChanged"],
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
