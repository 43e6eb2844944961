import { join } from "../paths.ts";
import type { HookFileSpec, PathContext } from "../adapter.ts";
import { SNAKE_CASE_PAYLOAD, type PayloadMap } from "../core/payload-map.ts";

/**
 * What Moonshot's two hook hosts share: Kimi CLI (Python, MoonshotAI/kimi-cli
 * src/kimi_cli/hooks/) and Kimi Code (TypeScript, MoonshotAI/kimi-code
 * packages/agent-core-v2/src/features/externalHooks/). Both keep hooks as `[[hooks]]` tables in
 * their home's config.toml, send Claude's snake_case payload with `tool_output`, `tool_call_id`
 * and `agent_name`, and reject their whole config over one unknown `event` (a pydantic Literal,
 * a zod enum); Kimi Code also over any key besides event, matcher, command and timeout.
 */

/** Normalized events that have the same name on both hosts. */
export const KIMI_EVENTS = {
  SessionStart: "SessionStart", // source "startup" / "resume"; observe only
  SessionEnd: "SessionEnd",
  UserPromptSubmit: "UserPromptSubmit",
  PreToolUse: "PreToolUse",
  PostToolUse: "PostToolUse",
  PreCompact: "PreCompact",
  PostCompact: "PostCompact",
  Stop: "Stop", // not on a user interrupt
  Notification: "Notification", // a delivered notification or a background task's status, not "waiting for input"
  PostToolUseFailure: "PostToolUseFailure",
  SubagentStart: "SubagentStart",
  SubagentStop: "SubagentStop",
  // {error_type, error_message}: the exception's class and text (Kimi CLI hooks/events.py; Kimi Code
  // agentExternalHooksService.ts notifyStopFailure, matched on that class). Observe only.
  StopFailure: "StopFailure",
} as const;

export const KIMI_PAYLOAD: PayloadMap = {
  ...SNAKE_CASE_PAYLOAD,
  // Kimi Code may send the prompt as content parts.
  prompt: { paths: ["prompt"], textParts: true },
  toolOutput: { paths: ["tool_output"] },
  toolUseId: { paths: ["tool_call_id"] },
  error: { paths: ["error.message", "error", "error_type"] }, // Kimi Code: an error payload {code, message, …}; StopFailure: error_type
  errorDetails: { paths: ["error_message"] },
  // Subagents are named, not numbered: the name is the type their matcher targets.
  agentType: { paths: ["agent_name"] },
  // Kimi Code's `agent_id` names the agent running the hook, "main" in the main agent
  // (test/fixtures/kimi-code/PermissionRequest.json), not a subagent: not read.
  agentId: {},
  lastAssistantMessage: { paths: ["response"] },
  message: { paths: ["body", "title"] },
};

/** One `[[hooks]]` table per hook in `<home>/config.toml`; no project scope. Only the four keys both hosts accept. */
export const kimiHookFile = (home: (ctx: PathContext) => string): HookFileSpec => ({
  layout: "toml-array-tables",
  root: ["hooks"],
  timeoutUnit: "s", // integer 1–600, default 30
  entryKeys: { event: "event", command: "command", timeout: "timeout" },
  scopes: { user: (ctx) => join(home(ctx), "config.toml") },
});
