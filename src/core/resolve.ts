import type { EventName, HookResponse } from "../events.ts";
import type { Capabilities, Capability, Dialect, ResolvedResponse } from "../dialects/dialect.ts";

/** What an unsupported capability turns into on an event, in words for reports. */
export interface Degradation {
  event: EventName;
  from: Capability;
  to: string;
}

const FEEDBACK_ONLY: readonly EventName[] = ["PostToolUseFailure", "SubagentStart"];

/**
 * The one place where a response meets a host's limits. Rules (the same on every host):
 * deny the host cannot block → context carrying the reason where the host takes context, else
 * ignored; ask → the host's own permission flow; an explicit allow with no effect → no opinion;
 * modify → ignored (the original input runs); updatedOutput → context; context → dropped.
 */
export function fallback(event: EventName, capability: Capability, caps: readonly Capability[]): string {
  const hasContext = caps.includes("context");
  switch (capability) {
    case "deny":
      if (hasContext) return FEEDBACK_ONLY.includes(event) ? "context carrying the reason" : "context carrying the reason (the host cannot block here)";
      return "ignored (the host cannot block here)";
    case "ask":
      return "no opinion (the host's own permission flow)";
    case "allow":
      return "no opinion (same effect)";
    case "modify":
      return "ignored (the original input is used)";
    case "updatedOutput":
      return hasContext ? "context carrying the new output" : "ignored (the original output is kept)";
    case "context":
      return "dropped (the host has no context channel here)";
  }
}

/** The response fields that mean something on an event, whatever the host. */
function meaningful(event: EventName): Capability[] {
  if (event === "PreToolUse" || event === "PermissionRequest") return ["deny", "ask", "modify", "context"];
  if (event === "PostToolUse") return ["deny", "context", "updatedOutput"];
  return ["deny", "context"];
}

/** What a rewrite becomes where the host takes a new input only with an approval (Dialect `approvesRewrite`). */
export const REWRITE_APPROVES = "a rewrite that also approves the call: the host's own permission prompt for it is skipped";

/** Every degradation an event suffers on a host, for install reports and `explain`. */
export function degradationsFor(event: EventName, capabilities: Capabilities, dialect?: Pick<Dialect, "approvesRewrite">): Degradation[] {
  const caps = capabilities[event] ?? [];
  const lost = meaningful(event)
    .filter((c) => !caps.includes(c))
    .map((from) => ({ event, from, to: fallback(event, from, caps) }));
  // A PermissionRequest answer is an approval by nature; on PreToolUse the rewrite should not be one.
  if (event === "PreToolUse" && dialect?.approvesRewrite && caps.includes("modify")) lost.push({ event, from: "modify", to: REWRITE_APPROVES });
  return lost;
}

function joinText(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return present.length ? present.join("\n\n") : undefined;
}

/** The capabilities a fixed response needs (a JSON config's `response`): what can degrade for it. */
export function responseCapabilities(response: HookResponse): Capability[] {
  const caps: Capability[] = [];
  const decision = impliedDecision(response);
  if (decision && decision !== "context") caps.push(decision);
  if (response.additionalContext !== undefined) caps.push("context");
  if (response.updatedOutput !== undefined) caps.push("updatedOutput");
  return caps;
}

/** The decision a response means when `decision` is left out. */
export function impliedDecision(response: HookResponse): HookResponse["decision"] {
  // An allow that carries a new input is an approved rewrite (Claude's docs write it so): a modify.
  const rewrite = response.updatedInput ?? response.updatedTool;
  if (response.decision === "allow" && rewrite) return "modify";
  if (response.decision) return response.decision;
  if (rewrite) return "modify";
  if (response.additionalContext) return "context";
  return undefined;
}

/**
 * Reduce a handler's response to what the host honours on this event. What the host cannot take
 * is pushed onto `lost` (when given), so the hook can say so instead of dropping it silently.
 */
export function resolveResponse(event: EventName, response: HookResponse | undefined, capabilities: Capabilities, lost?: Degradation[]): ResolvedResponse {
  if (!response) return {};
  const caps = capabilities[event] ?? [];
  const can = (c: Capability) => {
    const ok = caps.includes(c);
    if (!ok && c !== "allow" && meaningful(event).includes(c)) lost?.push({ event, from: c, to: fallback(event, c, caps) });
    return ok;
  };
  const decision = impliedDecision(response);
  let context = response.additionalContext;
  const out: ResolvedResponse = {};

  if (response.updatedOutput !== undefined && event === "PostToolUse") {
    if (can("updatedOutput")) out.updatedOutput = response.updatedOutput;
    else context = joinText(context, `The tool output was replaced by a hook:\n${response.updatedOutput}`);
  }

  switch (decision) {
    case "deny":
      if (can("deny")) {
        out.decision = "deny";
        out.reason = response.reason;
      } else context = joinText(response.reason, context);
      break;
    case "ask":
      if (can("ask")) {
        out.decision = "ask";
        out.reason = response.reason;
      }
      break;
    case "allow":
      if (can("allow")) {
        out.decision = "allow";
        out.reason = response.reason;
      }
      break;
    case "modify":
      if (response.updatedInput && can("modify")) {
        out.decision = "modify";
        out.updatedInput = response.updatedInput;
        out.reason = response.reason;
      }
      break;
  }
  if (context !== undefined && can("context")) out.additionalContext = context;
  return out;
}
