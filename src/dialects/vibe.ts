import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Mistral Vibe's hook reply (docs.mistral.ai/vibe/code/cli/hooks; vibe/core/hooks/ in 2.18.4):
 * exit 0 and one JSON object; any other exit (2 included) is a hook failure and the action goes on.
 * `decision: "deny"` + `reason` blocks a tool before it runs, REPLACES a tool's result after it ran
 * (so updatedOutput is a deny there), and after a turn sends the reason as the next user message
 * (keep going). `hook_specific_output.tool_input` replaces the whole input; `additional_context`
 * appends a line to the tool result.
 */
export function vibeDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "vibe", capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  const body: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (response.decision === "deny") Object.assign(body, { decision: "deny", reason: denyReason(response.reason, connectorId) });
  if (response.updatedOutput !== undefined) Object.assign(body, { decision: "deny", reason: response.updatedOutput });
  if (response.decision === "modify") specific.tool_input = response.updatedInput;
  if (response.additionalContext !== undefined) specific.additional_context = response.additionalContext;
  if (Object.keys(specific).length) body.hook_specific_output = specific;
  return Object.keys(body).length ? jsonReply(body) : EMPTY_REPLY;
}
