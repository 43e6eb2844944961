import type { Capabilities, Dialect, RenderInput, Reply, RewriteFacts } from "./dialect.ts";
import { EMPTY_REPLY, REWRITE_NEEDS_ALLOW } from "./dialect.ts";
import { denyReason, jsonReply } from "./reply.ts";

/**
 * Claude Code's reply dialect, copied by Codex, Qwen Code, Droid, Auggie and others:
 * tool permission decisions inside `hookSpecificOutput`, blocks of prompts / stops / tool results
 * as top-level `decision: "block"`. Claude validates strictly: one unknown value and the whole
 * reply is ignored (docs/hosts/claude-code.md), so only fields the resolved response carries appear.
 */
export function hookSpecificOutputDialect(id: string, capabilities: Capabilities, options: DialectOptions = {}): Dialect {
  return { id, family: "hook-specific-output", capabilities, rewrite: options.rewrite ?? REWRITE_NEEDS_ALLOW, render: (input) => render(input, options) };
}

/**
 * What Claude Code honours per event (https://code.claude.com/docs/en/hooks), and with it the hosts
 * that copy its contract whole (CodeBuddy Code, Continue's `cn`).
 */
export const CLAUDE_CODE_CAPABILITIES: Capabilities = {
  SessionStart: ["context"],
  UserPromptSubmit: ["deny", "context"],
  PreToolUse: ["allow", "deny", "ask", "modify", "context"],
  // updatedMCPToolOutput replaces the output of MCP tools only, so updatedOutput degrades.
  PostToolUse: ["deny", "context"],
  Stop: ["deny"],
  Notification: ["context"],
  PermissionRequest: ["allow", "deny", "modify"],
  PostToolUseFailure: ["context"],
  SubagentStart: ["context"],
  SubagentStop: ["deny"],
};

export interface DialectOptions {
  /** How the host takes `updatedInput` on PreToolUse (default: only with an allow, as Codex). */
  rewrite?: RewriteFacts;
  /** Events whose block goes inside `hookSpecificOutput` (VS Code's Stop), not at the top level. */
  nestedBlock?: readonly string[];
  /** Events whose block is `{"continue": false, "stopReason": …}` (Droid's UserPromptSubmit ignores `decision`). */
  stopBlock?: readonly string[];
  /**
   * Input fields a tool requires, with their check (Droid's `Execute`: riskLevel, riskLevelReason):
   * a modify that leaves one out or gives it an invalid value keeps the host's own value.
   */
  requiredInput?: Readonly<Record<string, Readonly<Record<string, (value: unknown) => boolean>>>>;
}

/** Events whose deny is a top-level block: prompt erased, tool result flagged, stop refused. */
const BLOCK_EVENTS = new Set(["UserPromptSubmit", "PostToolUse", "Stop", "SubagentStop"]);

/** The modified input with every required field valid: the handler's value, else the host's original one. */
function withRequiredInput(
  updated: Record<string, unknown> | undefined,
  raw: Record<string, unknown>,
  options: DialectOptions,
): Record<string, unknown> | undefined {
  const required = typeof raw.tool_name === "string" ? options.requiredInput?.[raw.tool_name] : undefined;
  const original = raw.tool_input;
  if (!updated || !required || !original || typeof original !== "object") return updated;
  const kept = { ...updated };
  for (const [field, valid] of Object.entries(required)) {
    const value = (original as Record<string, unknown>)[field];
    if (!valid(kept[field]) && valid(value)) kept[field] = value;
  }
  return kept;
}

function render({ event, nativeEvent, response, connectorId, raw }: RenderInput, options: DialectOptions): Reply {
  const specific: Record<string, unknown> = {};
  const top: Record<string, unknown> = {};
  const { decision, reason } = response;

  if (event === "PermissionRequest") {
    // A PermissionRequest answer that rewrites is an approval by nature: modify and allow alike.
    if (decision === "allow" || decision === "modify")
      specific.decision = response.updatedInput ? { behavior: "allow", updatedInput: response.updatedInput } : { behavior: "allow" };
    if (decision === "deny") specific.decision = { behavior: "deny", message: denyReason(reason, connectorId) };
  } else if (event === "PreToolUse") {
    // modify: the new input alone (resolve.ts made it an allow where the host needs one); allow or
    // ask with a new input: the decision beside it (Claude Code's docs: "combine with allow / ask").
    if (decision && decision !== "modify") specific.permissionDecision = decision;
    if (response.updatedInput && decision !== "deny") specific.updatedInput = withRequiredInput(response.updatedInput, raw, options);
    if (decision === "deny") specific.permissionDecisionReason = denyReason(reason, connectorId);
    else if (specific.permissionDecision && reason) specific.permissionDecisionReason = reason;
  } else if (decision === "deny" && options.stopBlock?.includes(event)) {
    top.continue = false;
    top.stopReason = denyReason(reason, connectorId);
  } else if (decision === "deny" && BLOCK_EVENTS.has(event)) {
    const into = options.nestedBlock?.includes(event) ? specific : top;
    into.decision = "block";
    into.reason = denyReason(reason, connectorId);
  }
  if (response.additionalContext !== undefined) specific.additionalContext = response.additionalContext;
  if (response.updatedOutput !== undefined) specific.updatedMCPToolOutput = response.updatedOutput;

  if (Object.keys(specific).length) top.hookSpecificOutput = { hookEventName: nativeEvent, ...specific };
  return Object.keys(top).length ? jsonReply(top) : EMPTY_REPLY;
}
