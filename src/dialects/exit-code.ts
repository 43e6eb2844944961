import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason } from "./reply.ts";

/**
 * Hosts that read no JSON from stdout (Grok CLI: a JSON block hides the reason,
 * docs/hosts/grok-cli.md; Windsurf, Kiro, Amazon Q, Junie): a deny is exit 2 with the reason on
 * stderr. Where the host adds plain stdout to the model's context (Kiro and Amazon Q on session
 * start and prompt submit: their `context` capability), context is that text; else silence.
 */
export function exitCodeDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "exit-code", capabilities, render, stdout: "text" };
}

function render({ response, connectorId }: RenderInput): Reply {
  if (response.decision === "deny") return { exitCode: 2, stderr: `${denyReason(response.reason, connectorId)}\n` };
  // Only reached where the host takes context (resolve drops it elsewhere): the text as is.
  return response.additionalContext !== undefined ? { exitCode: 0, stdout: `${response.additionalContext}\n` } : EMPTY_REPLY;
}
