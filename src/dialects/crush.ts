import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply, patchReplacing } from "./reply.ts";

/**
 * Crush's reply envelope (charmbracelet/crush docs/hooks/README.md, internal/hooks/input.go):
 * `decision` "deny" + `reason` blocks; `decision: "allow"` is an affirmative pre-approval that
 * skips the permission prompt, so it is written only for an explicit allow, never for no opinion
 * nor for a rewrite; `updated_input` is a shallow-merge patch over the tool input, so keys our
 * replacement drops are sent as null; `context` is appended to what the model sees.
 */
export function crushDialect(id: string, capabilities: Capabilities): Dialect {
  // `updated_input` stands alone (a null decision leaves Crush's permission flow) or beside an allow.
  return { id, family: "crush", capabilities, rewrite: { alone: "neutral", withAsk: false }, render };
}

function render({ response, connectorId, raw }: RenderInput): Reply {
  const body: Record<string, unknown> = {};
  if (response.decision === "deny") Object.assign(body, { decision: "deny", reason: denyReason(response.reason, connectorId) });
  if (response.decision === "allow") body.decision = "allow";
  // A rewrite alone leaves Crush's own permission flow; with an allow it is pre-approved too.
  if (response.updatedInput && (response.decision === "modify" || response.decision === "allow"))
    body.updated_input = patchReplacing(raw, response.updatedInput);
  if (response.additionalContext !== undefined) body.context = response.additionalContext;
  return Object.keys(body).length ? jsonReply(body) : EMPTY_REPLY;
}
