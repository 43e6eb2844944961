import type { HookResponse } from "../events.ts";
import { applyUpdatedTool } from "../tools/rewrite.ts";
import type { ToolContext } from "../tools/view.ts";

/**
 * A response with its `updatedTool` turned into the host's `updatedInput` (a modify, unless the
 * handler decided otherwise), for the tool call of `event`; `lost` says, in words, which fields
 * found no place in `host`'s input. Other responses, and events of no tool, pass as they are.
 */
export function withUpdatedTool(
  response: HookResponse | undefined,
  ctx: ToolContext,
  event: { toolName?: string; toolInput?: Record<string, unknown> },
  host: string,
): { response: HookResponse | undefined; lost?: string } {
  if (!response?.updatedTool || event.toolName === undefined) return { response };
  const { updatedTool, ...rest } = response;
  const rewritten = applyUpdatedTool(ctx, event.toolName, rest.updatedInput ?? event.toolInput ?? {}, updatedTool);
  const lost = rewritten.lost.length
    ? `updatedTool.${rewritten.lost.join(", updatedTool.")} has no place in ${host}'s ${event.toolName} input; left as it was`
    : undefined;
  if (!rewritten.input) return { response: rest, lost };
  return { response: { ...rest, decision: rest.decision ?? "modify", updatedInput: rewritten.input }, lost };
}
