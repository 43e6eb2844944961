import type { EventName, HookResponse } from "../events.ts";
import type { Capabilities, Capability, Dialect, Extra, ExtrasFacts, ResolvedResponse, RewriteFacts } from "../dialects/dialect.ts";
import { EXTRA_FALLBACK, EXTRAS, honours } from "../dialects/extras.ts";

/** What an unsupported capability turns into on an event, in words for reports. */
export interface Degradation {
  event: EventName;
  from: Capability | Extra;
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

/** What a rewrite becomes where the host takes a new input only with an approval (RewriteFacts `alone: "approves"`). */
export const REWRITE_APPROVES = "a rewrite that also approves the call: the host's own permission prompt for it is skipped";
/** What a rewrite given with an ask becomes where the host cannot ask about a new input (RewriteFacts `withAsk: false`). */
export const ASK_DROPS_REWRITE = "the host asks about the original call: a rewrite given with the ask is dropped";

/** The rewrite degradations of a PreToolUse: an approving modify, an ask that cannot carry the new input. */
function rewriteDegradations(event: EventName, caps: readonly Capability[], rewrite: RewriteFacts | undefined): Degradation[] {
  // A PermissionRequest answer is an approval by nature; on PreToolUse a rewrite alone should not be one.
  if (event !== "PreToolUse" || !caps.includes("modify")) return [];
  const lost: Degradation[] = [];
  if (rewrite?.alone === "approves") lost.push({ event, from: "modify", to: REWRITE_APPROVES });
  if (caps.includes("ask") && !rewrite?.withAsk) lost.push({ event, from: "ask", to: ASK_DROPS_REWRITE });
  return lost;
}

/** The extras (halt, systemMessage, suppressOutput) a host does not honour on an event, and what each becomes. */
const extrasLost = (event: EventName, facts: ExtrasFacts | undefined): Degradation[] =>
  EXTRAS.filter((extra) => !honours(facts, extra, event)).map((from) => ({ event, from, to: EXTRA_FALLBACK[from] }));

/**
 * Every degradation an event suffers on a host, for install reports and `explain`; with `extras`,
 * those of halt, systemMessage and suppressOutput too (a fixed response that asks them: for
 * handlers, install and explain sum them up per host, extrasSummary).
 */
export function degradationsFor(event: EventName, capabilities: Capabilities, dialect?: Pick<Dialect, "rewrite" | "extras">, extras = false): Degradation[] {
  const caps = capabilities[event] ?? [];
  const lost = meaningful(event)
    .filter((c) => !caps.includes(c))
    .map((from) => ({ event, from, to: fallback(event, from, caps) }));
  return [...lost, ...rewriteDegradations(event, caps, dialect?.rewrite), ...(extras ? extrasLost(event, dialect?.extras) : [])];
}

/** Of halt, systemMessage and suppressOutput, each the host does not honour on every one of `events`: where it does, and what it becomes elsewhere. */
export interface ExtraSupport {
  field: Extra;
  honouredOn: EventName[];
  elsewhere: string;
}

export function extrasSummary(events: readonly EventName[], dialect: Pick<Dialect, "extras">): ExtraSupport[] {
  return EXTRAS.flatMap((field) => {
    const honouredOn = events.filter((event) => honours(dialect.extras, field, event));
    return honouredOn.length === events.length ? [] : [{ field, honouredOn, elsewhere: EXTRA_FALLBACK[field] }];
  });
}

function joinText(...parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((p): p is string => typeof p === "string" && p !== "");
  return present.length ? present.join("\n\n") : undefined;
}

/** The capabilities a fixed response needs (a JSON config's `response`): what can degrade for it. */
export function responseCapabilities(response: HookResponse): (Capability | Extra)[] {
  const caps: (Capability | Extra)[] = EXTRAS.filter((extra) => response[extra] !== undefined && response[extra] !== false);
  const decision = impliedDecision(response);
  if (decision && decision !== "context") caps.push(decision);
  // An allow or an ask that carries a new input needs the host to take a rewrite too.
  if ((decision === "allow" || decision === "ask") && (response.updatedInput ?? response.updatedTool)) caps.push("modify");
  if (response.additionalContext !== undefined) caps.push("context");
  if (response.updatedOutput !== undefined) caps.push("updatedOutput");
  return caps;
}

/** The decision a response means when `decision` is left out. */
export function impliedDecision(response: HookResponse): HookResponse["decision"] {
  const rewrite = response.updatedInput ?? response.updatedTool;
  if (response.decision) return response.decision;
  if (rewrite) return "modify";
  if (response.additionalContext) return "context";
  return undefined;
}

/**
 * Reduce a handler's response to what the host honours on this event. What the host cannot take
 * is pushed onto `lost` (when given), so the hook can say so instead of dropping it silently.
 * `rewrite`: the host's RewriteFacts (Dialect `rewrite`), where its reply puts a permission decision
 * beside a new input. The rule, the same on every host: a modify rewrites and changes nothing else;
 * an allow with a new input rewrites and approves; an ask with one asks about the rewritten call.
 */
export function resolveResponse(
  event: EventName,
  response: HookResponse | undefined,
  capabilities: Capabilities,
  lost?: Degradation[],
  rewrite?: RewriteFacts,
  extras?: ExtrasFacts,
): ResolvedResponse {
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
        if (response.updatedInput && can("modify")) {
          if (rewrite?.withAsk) out.updatedInput = response.updatedInput;
          else lost?.push({ event, from: "ask", to: ASK_DROPS_REWRITE });
        }
      }
      break;
    case "allow":
      // An approved rewrite.
      // Where the host cannot rewrite, nothing is approved: the allow was for another call than this one.
      if (response.updatedInput) {
        // The host's allow where it has one (or needs one for any rewrite); else the rewrite alone.
        const approves = rewrite && (caps.includes("allow") || rewrite.alone === "approves");
        if (can("modify")) Object.assign(out, { decision: approves ? "allow" : "modify", updatedInput: response.updatedInput, reason: response.reason });
      } else if (can("allow")) {
        out.decision = "allow";
        out.reason = response.reason;
      }
      break;
    case "modify":
      if (response.updatedInput && can("modify")) {
        // Where the host takes a new input only with an approval, the rewrite approves (declared, REWRITE_APPROVES).
        const approves = event === "PreToolUse" && rewrite?.alone === "approves";
        if (approves) lost?.push({ event, from: "modify", to: REWRITE_APPROVES });
        out.decision = approves ? "allow" : "modify";
        out.updatedInput = response.updatedInput;
        out.reason = response.reason;
      }
      break;
  }
  if (context !== undefined && can("context")) out.additionalContext = context;
  return withExtras(out, event, response, extras, lost);
}

/** The extras the response asks, where the host honours them; the others pushed onto `lost` (EXTRA_FALLBACK). */
function withExtras(out: ResolvedResponse, event: EventName, response: HookResponse, facts: ExtrasFacts | undefined, lost?: Degradation[]): ResolvedResponse {
  const asked = EXTRAS.filter((extra) => response[extra] !== undefined && response[extra] !== false);
  for (const extra of asked) {
    if (!honours(facts, extra, event)) lost?.push({ event, from: extra, to: EXTRA_FALLBACK[extra] });
    else if (extra === "halt") out.halt = { ...response.halt };
    else if (extra === "systemMessage") out.systemMessage = response.systemMessage;
    else out.suppressOutput = true;
  }
  return out;
}
