import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason } from "./reply.ts";

/**
 * Hosts that read a hook's verdict from its exit code and its output as plain text (Mux's
 * tool_pre / tool_post, docs/hooks/tools.mdx and src/node/services/hooks.ts): a non-zero exit
 * blocks with the output as the reason, and what a post hook prints is attached to the tool's
 * result (`hook_output`). So a deny is exit 2 with the reason on stderr, context is stdout text.
 */
export function textOutputDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, capabilities, render };
}

function render({ response, connectorId }: RenderInput): Reply {
  if (response.decision === "deny") return { exitCode: 2, stderr: `${denyReason(response.reason, connectorId)}\n` };
  return response.additionalContext !== undefined ? { exitCode: 0, stdout: `${response.additionalContext}\n` } : EMPTY_REPLY;
}
