import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * The simple Claude-compatible reply some hosts document instead of `hookSpecificOutput` (Devin
 * CLI, docs.devin.ai …/hooks/overview "Command Hooks"): one top-level `decision` of
 * `approve | block | deny` and a `reason` the agent reads. A deny blocks (`block`); on
 * PermissionRequest it refuses the permission (`deny`); an explicit allow is `approve`.
 */
export function topLevelDecisionDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "top-level-decision", capabilities, render };
}

function render({ event, response, connectorId }: RenderInput): Reply {
  if (response.decision === "allow") return jsonReply({ decision: "approve" });
  if (response.decision !== "deny") return EMPTY_REPLY;
  return jsonReply({ decision: event === "PermissionRequest" ? "deny" : "block", reason: denyReason(response.reason, connectorId) });
}
