import type { Capabilities, Dialect, RenderInput, Reply, RewriteFacts } from "./dialect.ts";
import { EMPTY_REPLY, REWRITE_NEEDS_ALLOW } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Copilot CLI's camelCase reply dialect (docs.github.com …/cli-hooks-reference; docs/hosts/copilot-cli.md):
 * every key at the top level. preToolUse answers `permissionDecision` + `permissionDecisionReason`
 * (the model then reads "Denied by preToolUse hook: <reason>", docs/hosts/copilot-cli.md "Quirks")
 * and `modifiedArgs` for a substitute input; the Claude-shaped `hookSpecificOutput` and
 * `decision: "block"` are ignored there and the tool runs (real run, docs/hosts/copilot-cli.md).
 * permissionRequest answers `behavior`, stop events `decision: "block"` + `reason`, the feedback
 * events `additionalContext`.
 */
export function topLevelPermissionDialect(id: string, capabilities: Capabilities, rewrite: RewriteFacts = REWRITE_NEEDS_ALLOW): Dialect {
  return { id, family: "top-level-permission", capabilities, rewrite, render };
}

function render({ event, response, connectorId }: RenderInput): Reply {
  const { decision, reason } = response;
  const body: Record<string, unknown> = {};
  if (event === "PreToolUse") {
    if (decision === "deny") Object.assign(body, { permissionDecision: "deny", permissionDecisionReason: denyReason(reason, connectorId) });
    else if (decision && decision !== "modify") body.permissionDecision = decision;
    // modifiedArgs beside the decision (resolve.ts: where the host needs an allow, a modify is one, declared).
    if (response.updatedInput && decision !== "deny") body.modifiedArgs = response.updatedInput;
    if ((decision === "ask" || decision === "allow") && reason) body.permissionDecisionReason = reason;
  } else if (event === "PermissionRequest") {
    // An explicit allow short-circuits Copilot's whole permission flow: only ever on request.
    if (decision === "allow") body.behavior = "allow";
    if (decision === "deny") Object.assign(body, { behavior: "deny", message: denyReason(reason, connectorId) });
  } else if (decision === "deny") Object.assign(body, { decision: "block", reason: denyReason(reason, connectorId) });
  if (response.additionalContext !== undefined) body.additionalContext = response.additionalContext;
  return Object.keys(body).length ? jsonReply(body) : EMPTY_REPLY;
}
