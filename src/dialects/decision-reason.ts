import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * A top-level `decision` of `allow | deny | ask` with a `reason`, and `additionalContext`
 * (OpenHands: docs.openhands.dev …/customization/hooks, its SDK's hooks/types.py; Antigravity: the
 * reported `{decision, reason}`, docs/hosts/antigravity.md). A deny blocks the tool, refuses the
 * prompt, or (Stop) keeps the agent working with the reason.
 */
export function decisionReasonDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "decision-reason", capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  const body: Record<string, unknown> = {};
  if (response.decision === "deny") Object.assign(body, { decision: "deny", reason: denyReason(response.reason, connectorId) });
  else if (response.decision === "allow" || response.decision === "ask")
    Object.assign(body, { decision: response.decision, ...(response.reason ? { reason: response.reason } : {}) });
  if (response.additionalContext !== undefined) body.additionalContext = response.additionalContext;
  return Object.keys(body).length ? jsonReply(body) : EMPTY_REPLY;
}
