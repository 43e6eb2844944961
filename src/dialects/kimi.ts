import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Kimi CLI's and Kimi Code's reply dialect (docs/hosts/kimi.md, docs/hosts/kimi-code.md). Both
 * runners read one thing from a JSON reply on exit 0, whatever the event:
 * `hookSpecificOutput.permissionDecision: "deny"` blocks, with `permissionDecisionReason` as the
 * reason. Kimi Code also takes `message` as the text a UserPromptSubmit hook adds (any other JSON
 * would reach the model verbatim), and on a block shows `message` before the reason, so a deny
 * carries no message.
 */
export function kimiDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "kimi", capabilities, render };
}

function render({ nativeEvent, response, connectorId }: RenderInput): Reply {
  if (response.decision === "deny") {
    return jsonReply({
      hookSpecificOutput: { hookEventName: nativeEvent, permissionDecision: "deny", permissionDecisionReason: denyReason(response.reason, connectorId) },
    });
  }
  return response.additionalContext !== undefined ? jsonReply({ message: response.additionalContext }) : EMPTY_REPLY;
}
