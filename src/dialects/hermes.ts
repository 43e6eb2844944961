import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply, patchReplacing } from "./reply.ts";

/**
 * Hermes Agent's shell-hook reply (website/docs/user-guide/features/hooks.md, agent/shell_hooks.py):
 * one JSON object on stdout. pre_tool_call takes `{"decision": "block", "reason"}` (a block),
 * `{"action": "approve", "message"}` (the call goes through Hermes' own approval prompt: a native
 * ask) and `{"action": "modify", "args"}`, which Hermes shallow-merges over the arguments, so keys
 * our replacement drops are sent as null; pre_llm_call takes `{"context"}`, added to the user message.
 */
export function hermesDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "hermes", capabilities, render };
}

function render({ response, connectorId, raw }: RenderInput): Reply {
  const { decision } = response;
  if (decision === "deny") return jsonReply({ decision: "block", reason: denyReason(response.reason, connectorId) });
  if (decision === "ask") return jsonReply({ action: "approve", message: response.reason?.trim() ? response.reason : `${connectorId} asks for your approval` });
  if (decision === "modify") return jsonReply({ action: "modify", args: patchReplacing(raw, response.updatedInput!) });
  return response.additionalContext !== undefined ? jsonReply({ context: response.additionalContext }) : EMPTY_REPLY;
}
