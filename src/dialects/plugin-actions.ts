import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * The reply our generated plugin module applies inside a TS-plugin host (src/plugin/): one JSON
 * object of actions, `{deny?, args?, output?, context?}`. The module renders each natively (throw,
 * in-place argument rewrite, output replacement, the event's context channel); nothing = no opinion.
 */
export function pluginActionsDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "plugin-actions", capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  const actions: Record<string, unknown> = {};
  if (response.decision === "deny") actions.deny = denyReason(response.reason, connectorId);
  if (response.decision === "modify") actions.args = response.updatedInput;
  if (response.updatedOutput !== undefined) actions.output = response.updatedOutput;
  if (response.additionalContext !== undefined) actions.context = response.additionalContext;
  return Object.keys(actions).length ? jsonReply(actions) : EMPTY_REPLY;
}
