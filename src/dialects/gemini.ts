import type { Capabilities, Dialect, RenderInput, Reply } from "./dialect.ts";
import { EMPTY_REPLY } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Gemini CLI's reply dialect (https://geminicli.com/docs/hooks/reference). Blocking is a top-level
 * `decision: "deny"` + `reason` on every event: the Claude-shaped
 * `hookSpecificOutput.permissionDecision` is silently ignored there and the tool runs
 * (docs/hosts/gemini-cli.md "Quirks from real runs"). Event data sits under `hookSpecificOutput`:
 * `additionalContext`, BeforeTool's `tool_input` (merged over the model's arguments) and
 * AfterTool's `tool_output` (replaces the result the model sees).
 */
export function geminiDialect(id: string, capabilities: Capabilities): Dialect {
  return { id, family: "gemini", capabilities, render };
}

function render({ nativeEvent, response, connectorId }: RenderInput): Reply {
  const top: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  // BeforeTool: the tool does not run and the model gets "Tool execution blocked: <reason>";
  // AfterTool: the reason replaces the result; BeforeAgent: the prompt is dropped;
  // AfterAgent: the answer is rejected and the reason is the next prompt (keep going).
  if (response.decision === "deny") Object.assign(top, { decision: "deny", reason: denyReason(response.reason, connectorId) });
  if (response.decision === "allow") top.decision = "allow";
  if (response.decision === "modify") specific.tool_input = response.updatedInput;
  if (response.additionalContext !== undefined) specific.additionalContext = response.additionalContext;
  if (response.updatedOutput !== undefined) specific.tool_output = response.updatedOutput;

  if (Object.keys(specific).length) top.hookSpecificOutput = { hookEventName: nativeEvent, ...specific };
  return Object.keys(top).length ? jsonReply(top) : EMPTY_REPLY;
}
