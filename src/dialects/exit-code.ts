import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason } from "./reply.ts";

/**
 * Hosts that read nothing from stdout that we can use (Grok CLI: a JSON block hides the reason,
 * docs/hosts/grok-cli.md): a deny is exit 2 with the reason on stderr, everything else is silence.
 */
export function exitCodeDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  return response.decision === "deny" ? { exitCode: 2, stderr: `${denyReason(response.reason, connectorId)}\n` } : EMPTY_REPLY;
}
