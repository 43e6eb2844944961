import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY, REWRITE_NEEDS_ALLOW } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Cursor's reply dialect (https://cursor.com/docs/hooks; docs/hosts/cursor.md "Replies"): flat
 * snake_case keys, never `hookSpecificOutput`. Tool and subagent gates answer with
 * `permission` (+ `user_message` for the user, `agent_message` for the model), the prompt gate
 * with `continue`, stop events keep the agent going with `followup_message` (auto-submitted as
 * the next user message), context rides in `additional_context`.
 */
export function flatPermissionDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "flat-permission", capabilities, rewrite: REWRITE_NEEDS_ALLOW, render };
}

function render({ event, response, connectorId }: RenderInput): Reply {
  const { decision } = response;
  const why = denyReason(response.reason, connectorId);
  const body: Record<string, unknown> = {};
  if (event === "PreToolUse") {
    if (decision === "deny") Object.assign(body, { permission: "deny", user_message: why, agent_message: why });
    if (decision === "allow") body.permission = "allow";
    // updated_input replaces the tool input and goes with an allow (resolve.ts: a modify here is one, declared).
    if (decision === "allow" && response.updatedInput) body.updated_input = response.updatedInput;
  } else if (decision === "deny") {
    if (event === "SubagentStart") Object.assign(body, { permission: "deny", user_message: why });
    if (event === "UserPromptSubmit") Object.assign(body, { continue: false, user_message: why });
    if (event === "Stop" || event === "SubagentStop") body.followup_message = why;
  }
  if (response.additionalContext !== undefined) body.additional_context = response.additionalContext;
  return Object.keys(body).length ? jsonReply(body) : EMPTY_REPLY;
}
