import { isEventName, MATCHER_TARGET, type ConnectorConfig, type EventName } from "../events.ts";
import type { Adapter } from "../adapter.ts";
import type { Reply } from "../dialects/dialect.ts";
import { EMPTY_REPLY } from "../dialects/dialect.ts";
import { normalizeEvent } from "../core/normalize.ts";
import { toolMatcherTest } from "../core/matcher.ts";
import { kindOf, type ToolContext, type ToolView } from "../tools/view.ts";
import { withUpdatedTool } from "../core/updated-tool.ts";
import { resolveResponse, type Degradation } from "../core/resolve.ts";
import { hostAbilities } from "../core/host-abilities.ts";
import { parseHandlerResult } from "../core/response.ts";
import { denyReason } from "../dialects/reply.ts";
import type { Outcome, Ran } from "./guard.ts";
import { callingHost, type CallingHost } from "./calling-host.ts";
import { logLine } from "./io.ts";
import { noteUnknownTool } from "./unknown-tool.ts";
import { KEEP_QUEUED, runUntil } from "./watchdog.ts";
import { snapshotResponse } from "./safe-response.ts";
import { framework, JSONStringify, ObjectHasOwn } from "./intrinsics.ts";
import { callFacts, noteAnswer } from "./audit-call.ts";

/**
 * What a hook call answers once its connector and payload are known: normalisation, matcher, the
 * handler's answer, degradation and the host's reply shape. One code for the binary's `hook`
 * command (run.ts) and for the plugin worker that runs handlers inside a plugin host
 * (plugin-worker.ts); each says how user code runs within the budget.
 */

/** A deliberate no-opinion with a reason: exit 0, one log line. */
export class FailOpen extends Error {}

/** The call: which host, which event (a normalized name, or a host-only one for native hooks). */
export interface Call {
  platform: string;
  event: string;
  /** One part of a shared call (src/hook/shared-call.ts): the resolved answer, not the host's reply. */
  part?: boolean;
}

/** The first key of a part's answer (src/hook/shared-call.ts reads it). */
export const PART_KEY = "agentConnectorPart";

export interface Runner {
  /** Runs the handler within the call's budget. */
  run(fn: () => unknown): Ran;
  /** The budget's end, in performance.now() time. */
  deadline(): number;
  /** What the call decided, for the trace line. */
  decided?(what: string): void;
  /** The reply is made, before the microtasks the handler left run: what the host gets if one of them blocks natively. */
  provisional?(reply: Reply): void;
  /** Runs the microtasks the handler left, within the budget. */
  settle?(): void;
}

/**
 * The reply made from what the handler came to, told to the runner as soon as it is made; then the
 * microtasks the handler queued run (guard.ts runGuarded): one that blocks natively cannot take
 * back a deny already made.
 */
async function replyFrom(ran: Ran, runner: Runner, make: (outcome: Outcome) => Reply): Promise<Reply> {
  const outcome = ObjectHasOwn(ran, "now") ? (ran as { now: Outcome }).now : await (ran as { later: Promise<Outcome> }).later;
  try {
    const reply = make(outcome);
    runner.provisional?.(reply);
    return reply;
  } finally {
    runner.settle?.();
  }
}

export async function nativeReply(args: Call, config: ConnectorConfig, payload: unknown, runner: Runner): Promise<Reply> {
  const hook = config.platforms?.[args.platform]?.nativeHooks?.[args.event];
  callFacts.level = config.audit;
  if (!hook) throw new FailOpen(`no native hook "${args.event}" for ${args.platform} in connector ${config.id}`);
  // Awaited, not returned (here and below): an async function that returns a promise is resolved
  // through that promise's `then`, looked up while user code's versions may be in place.
  return await replyFrom(
    runner.run(() => hook.handler(payload)),
    runner,
    (outcome) => {
      // JSON.stringify runs the answer's getters and toJSON: user code, under the watchdog, with user code's built-ins.
      const text = outcome.kind === "returned" ? runUntil(() => JSONStringify(outcome.value), runner.deadline(), KEEP_QUEUED) : undefined;
      // The answer in hand: from here on the original built-ins (intrinsics.ts).
      framework();
      if (outcome.kind !== "returned") throw new FailOpen(describe(outcome));
      if (outcome.value === undefined || outcome.value === null) return EMPTY_REPLY;
      callFacts.answer = callFacts.enforced = "native";
      if (text?.kind !== "returned" || typeof text.value !== "string") throw new FailOpen("the native hook's answer cannot be written as JSON");
      return { exitCode: 0, stdout: `${text.value}\n` };
    },
  );
}

export async function normalizedReply(
  args: Call,
  adapter: Adapter,
  config: ConnectorConfig,
  payload: unknown,
  env: Record<string, string | undefined>,
  runner: Runner,
): Promise<Reply> {
  const event = args.event;
  if (!isEventName(event)) throw new FailOpen(`unknown event "${event}"`);
  const nativeEvent = adapter.events[event];
  if (!nativeEvent) throw new FailOpen(`${adapter.name} has no ${event} event`);
  const hook = config.hooks?.[event];
  callFacts.level = config.audit;
  if (!hook) return EMPTY_REPLY; // uninstalled from the config since install: no opinion.

  // Another host may be running the file we wrote for `adapter`: read and answer it in its shape.
  const host = await callingHost(adapter, payload as Record<string, unknown>, env);
  const tools: ToolContext = { tools: host.tools, mcpName: host.mcp?.toolName };
  let normalized: ReturnType<typeof normalizeEvent>;
  try {
    normalized = normalizeEvent(event, payload, host.payload, {
      hostPlatform: host.id,
      connectorId: config.id,
      env,
      tools,
      can: hostAbilities(event, host.dialect),
    });
  } catch (error) {
    throw new FailOpen((error as Error).message);
  }
  const { sessionId, toolName, tool } = normalized as { sessionId?: string; toolName?: string; tool?: ToolView };
  Object.assign(callFacts, { host: host.id, sessionId, toolName, tool });
  noteUnknownTool(tools, host.id, `${args.platform} ${event} (${config.id})`, (normalized as { toolName?: unknown }).toolName);
  const spurious = adapter.spurious?.[event];
  const isSpurious = (key: string, value: unknown) => {
    const actual = (payload as Record<string, unknown>)[key];
    return Array.isArray(value) ? value.includes(actual) : actual === value;
  };
  if (spurious && Object.entries(spurious).every(([key, value]) => isSpurious(key, value))) return EMPTY_REPLY;
  if (!matches(event, hook.matcher, normalized as unknown as Record<string, unknown>, tools)) return EMPTY_REPLY;

  const ran = runner.run(() => (hook.handler as (e: unknown) => unknown)(normalized));
  return await replyFrom(ran, runner, (outcome) => {
    // Reading the answer may run its getters: user code, with user code's built-ins (safe-response.ts uses none).
    const snapshot = outcome.kind === "returned" ? snapshotResponse(outcome.value, runner.deadline()) : undefined;
    // The answer in hand: from here on the original built-ins (intrinsics.ts).
    framework();
    if (outcome.kind !== "returned" || !snapshot) throw new FailOpen(describe(outcome as Exclude<typeof outcome, { kind: "returned" }>));
    const where = `${args.platform} ${event} (${config.id})`;
    const parsed = parseHandlerResult(snapshot.value);
    const problems = [...snapshot.problems, ...(parsed.ok ? [] : [parsed.problem])];
    if (!parsed.ok && !parsed.response) throw new FailOpen(problems.join("; "));
    if (problems.length && parsed.response?.decision === "deny") logLine(`${where}: handler's answer: ${problems.join("; ")}; the deny is kept`);
    else if (problems.length) logLine(`${where}: handler's answer: ${problems.join("; ")}`);

    const portable = withUpdatedTool(parsed.response, tools, normalized as { toolName?: string }, host.id);
    if (portable.lost) logLine(`${where}: ${portable.lost}`);

    const lost: Degradation[] = [];
    const resolved = resolveResponse(event, portable.response, host.dialect.capabilities, lost, host.dialect.rewrite, host.dialect.extras);
    runner.decided?.(resolved.halt ? "halt" : (resolved.decision ?? (resolved.additionalContext !== undefined ? "context" : "no opinion")));
    noteAnswer(portable.response, resolved, lost);
    // What the host cannot take at all is logged, never dropped silently (conversions to context are
    // the documented degradation install reports, not news on every call; stderr stays quiet on exit 0).
    const dropped = lost.filter((d) => !d.to.startsWith("context"));
    if (dropped.length) logLine(`${where}: ${host.id} cannot take ${dropped.map((d) => `${d.from} on ${d.event}: ${d.to}`).join(", ")}`);
    if (args.part) return { exitCode: 0, stdout: `${JSONStringify({ [PART_KEY]: 1, connector: config.id, response: resolved })}\n` };
    return renderReply(host, event, nativeEvent, resolved, config.id, payload as Record<string, unknown>, where);
  });
}

export function renderReply(
  host: CallingHost,
  event: EventName,
  nativeEvent: string,
  resolved: ReturnType<typeof resolveResponse>,
  connectorId: string,
  raw: Record<string, unknown>,
  where: string,
): Reply {
  const deny = resolved.decision === "deny" ? { denyReason: denyReason(resolved.reason, connectorId) } : {};
  try {
    return { ...host.dialect.render({ event, nativeEvent: host.events[event] ?? nativeEvent, response: resolved, connectorId, raw }), ...deny };
  } catch (error) {
    if (!deny.denyReason) throw error;
    // Exit 2 with the reason on stderr blocks on every json-stdio host we drove (docs/hosts/<id>.md).
    logLine(`${where}: render failed (${errorText(error)}); denied by exit 2`);
    return { exitCode: 2, stderr: `${deny.denyReason}\n` };
  }
}

function matches(event: EventName, matcher: string | undefined, normalized: Record<string, unknown>, tools: ToolContext): boolean {
  const target = MATCHER_TARGET[event];
  if (!target) return true;
  let test: ReturnType<typeof toolMatcherTest>;
  try {
    // A subagent matcher is a plain regex: `@kind` means something on tool events only.
    test = toolMatcherTest(matcher, target === "toolName");
  } catch (error) {
    throw new FailOpen(`matcher ${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message})`);
  }
  if (!test) return true;
  const name = String(normalized[target] ?? "");
  return test(name, () => kindOf(tools, name));
}

function describe(outcome: Exclude<Outcome, { kind: "returned" }>): string {
  switch (outcome.kind) {
    case "timed-out":
      return "handler did not answer within its time budget";
    case "exited":
      return `handler called process.exit(${String(outcome.code)})`;
    case "threw":
      return `handler threw: ${errorText(outcome.error)}`;
  }
}

/** A user error's text; reading it is user code too (a getter), so it may fail itself. */
export function errorText(error: unknown, stack = false): string {
  try {
    const e = error as Error;
    return String((stack ? e?.stack : undefined) ?? e?.message ?? error);
  } catch {
    return "(an error whose message cannot be read)";
  }
}
