import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Cline's reply (docs.cline.bot hooks reference; the hook runner of Cline CLI 3.0.65): one JSON
 * object on stdout, `{cancel, errorMessage?, contextModification?, overrideInput?}`. The exit
 * code means nothing there (3.0.65 ignores it, and invalid JSON too), so a deny is `cancel: true`
 * and every other answer says `cancel: false`, the documented neutral reply.
 */
export function clineDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "cline", capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  if (response.decision === "deny") return jsonReply({ cancel: true, errorMessage: denyReason(response.reason, connectorId) });
  const body: Record<string, unknown> = {};
  if (response.decision === "modify") body.overrideInput = response.updatedInput;
  if (response.additionalContext !== undefined) body.contextModification = response.additionalContext;
  return Object.keys(body).length ? jsonReply({ cancel: false, ...body }) : EMPTY_REPLY;
}
