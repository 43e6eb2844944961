import { MATCHER_TARGET, type EventName, type HandlerResult, type HookDefinition, type HookResponse, type OnFailure } from "../events.ts";
import { alternatives, toolMatcherTest } from "../core/matcher.ts";
import type { ToolKind } from "../tools/portable.ts";

/**
 * Several definitions of one event (`hooks.PreToolUse: [a, b]`) as the one definition every other
 * part reads: the host is asked once (the matchers' union, written natively where it can be),
 * then each definition whose own matcher matches runs, in order, and their answers merge by one
 * rule (docs/connector.md#several-definitions-of-one-event):
 * - the decision: deny over ask over modify over allow (over context or none), with the first
 *   reason given for it;
 * - contexts: every one, joined in order;
 * - modifies compose: a definition sees the tool input (or output) the ones before it rewrote;
 * - a halt wins over everything, with the first halt's reason; every systemMessage is shown,
 *   joined in order; suppressOutput holds if any definition asks it.
 * The strictest `onFailure` is the event's: a definition that fails closed fails the event closed.
 * A definition past its own `timeout` fails alone: its `onFailure` answers for it (a deny, or
 * nothing) and the others' answers still count.
 */

type Answer = HookResponse & Record<string, unknown>;
type Event = Record<string, unknown> & { tool?: { kind?: ToolKind } };

const RANK: Record<string, number> = { deny: 4, ask: 3, modify: 2, allow: 1 };

/** An answer's decision as the hook path reads it: a rewrite without one is a modify, a context alone a context. */
function decisionOf(answer: Answer): string | undefined {
  if (answer.decision) return answer.decision;
  if (answer.updatedInput !== undefined || answer.updatedTool !== undefined) return "modify";
  return undefined;
}

/** Every definition's matcher, as one: any definition that matches everything makes it everything. */
function unionMatcher(definitions: readonly HookDefinition[]): string | undefined {
  const matchers = definitions.map((d) => d.matcher);
  if (matchers.some((m) => m === undefined || m === "" || m === "*")) return undefined;
  return [...new Set(matchers.flatMap((m) => alternatives(m!)))].join("|");
}

function strictest(definitions: readonly HookDefinition[]): { onFailure?: OnFailure } {
  if (definitions.some((d) => d.onFailure === "deny")) return { onFailure: "deny" };
  return definitions.every((d) => d.onFailure === "allow") ? { onFailure: "allow" } : {};
}

/** The answers of the definitions that ran, as one (anything that is not an object is passed on as is, to be reported). */
export function mergeAnswers(answers: readonly HandlerResult[]): HandlerResult {
  const given = answers.filter((a) => a !== undefined && a !== null);
  const odd = given.find((a) => typeof a !== "object" || Array.isArray(a));
  if (odd !== undefined || given.length <= 1) return (odd ?? given[0]) as HandlerResult;
  const all = given as Answer[];
  const best = Math.max(0, ...all.map((a) => RANK[decisionOf(a) ?? ""] ?? 0));
  const winner = best ? all.find((a) => RANK[decisionOf(a) ?? ""] === best)! : undefined;
  const merged: Answer = { ...(winner ?? all.at(-1)!) };
  const contexts = all.map((a) => a.additionalContext).filter((c): c is string => typeof c === "string" && c !== "");
  if (contexts.length) merged.additionalContext = contexts.join("\n\n");
  else delete merged.additionalContext;
  if (!winner && contexts.length) merged.decision = "context";
  if (best === RANK.modify) {
    // The last rewrite was made on the input the earlier ones produced: it is their composition.
    const rewrites = all.filter((a) => decisionOf(a) === "modify");
    const input = rewrites.findLast((a) => a.updatedInput !== undefined)?.updatedInput;
    const tool = Object.assign({}, ...rewrites.map((a) => a.updatedTool ?? {}));
    if (input !== undefined) merged.updatedInput = input;
    if (Object.keys(tool).length) merged.updatedTool = tool;
  }
  const output = all.findLast((a) => a.updatedOutput !== undefined)?.updatedOutput;
  if (output !== undefined) merged.updatedOutput = output;
  return withMergedExtras(merged, all);
}

/** A halt in either spelling (`halt`, or Claude Code's `continue: false` + `stopReason`). */
const haltOf = (answer: Answer): { reason?: string } | undefined =>
  answer.halt ?? (answer.continue === false ? (answer.stopReason === undefined ? {} : { reason: answer.stopReason }) : undefined);

/** Halt wins over everything, with the first halt's reason; every systemMessage, joined in order; suppressOutput if any asks. */
function withMergedExtras(merged: Answer, all: readonly Answer[]): Answer {
  delete merged.continue;
  delete merged.stopReason;
  const halt = all.map(haltOf).find((h) => h !== undefined);
  if (halt) merged.halt = halt;
  else delete merged.halt;
  const messages = all.map((a) => a.systemMessage).filter((m): m is string => typeof m === "string" && m !== "");
  if (messages.length) merged.systemMessage = messages.join("\n");
  else delete merged.systemMessage;
  if (all.some((a) => a.suppressOutput === true)) merged.suppressOutput = true;
  else delete merged.suppressOutput;
  return merged;
}

/** The event the next definition sees: the rewrites of the ones before it applied. */
function rewritten(event: Event, answer: HandlerResult): Event {
  if (!answer || typeof answer !== "object") return event;
  const a = answer as Answer;
  let next = event;
  if (a.updatedInput !== undefined) next = { ...next, toolInput: a.updatedInput };
  if (a.updatedTool !== undefined && next.tool) next = { ...next, tool: { ...next.tool, ...a.updatedTool } };
  if (a.updatedOutput !== undefined) next = { ...next, toolOutput: a.updatedOutput };
  return next;
}

/** The connector a definition belongs to: whose name a fail-closed deny gives, and the onFailure a definition inherits. */
export interface Owner {
  id: string;
  onFailure?: OnFailure;
}

/** What a definition that did not answer within its own timeout comes to: its onFailure's answer (a deny, or no opinion). */
function overran(definition: HookDefinition, index: number, owner: Owner): HandlerResult {
  if ((definition.onFailure ?? owner.onFailure) !== "deny") return undefined;
  return { decision: "deny", reason: `${owner.id} failed closed: definition ${index + 1} did not answer within its timeout (${definition.timeout}s)` };
}

/**
 * A definition's answer, within its own timeout when it has one. A handler that awaits past it
 * is given up on (what it does later is never read); synchronous code that never returns is
 * ended by the call's own budget instead (the watchdog, src/hook/watchdog.ts), which fails the event.
 */
async function answerOf(definition: HookDefinition, index: number, event: Event, owner: Owner): Promise<HandlerResult> {
  const answer = (definition.handler as (e: unknown) => HandlerResult | Promise<HandlerResult>)(event);
  if (definition.timeout === undefined || typeof (answer as { then?: unknown } | undefined)?.then !== "function") return await answer;
  const late = Symbol("late");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<typeof late>((done) => {
    timer = setTimeout(() => done(late), definition.timeout! * 1000);
  });
  try {
    const first = await Promise.race([answer, expiry]);
    return first === late ? overran(definition, index, owner) : first;
  } finally {
    clearTimeout(timer);
  }
}

export function severalDefinitions(event: EventName, definitions: readonly HookDefinition[], owner: Owner = { id: "connector" }): HookDefinition {
  if (definitions.length === 1 && definitions[0]!.timeout === undefined) return definitions[0]!;
  const target = MATCHER_TARGET[event];
  const tests = definitions.map((d) => (target ? toolMatcherTest(d.matcher, target === "toolName") : undefined));
  return {
    matcher: unionMatcher(definitions),
    ...strictest(definitions),
    handler: async (normalized) => {
      let seen = normalized as unknown as Event;
      const answers: HandlerResult[] = [];
      for (const [i, definition] of definitions.entries()) {
        const name = target ? String(seen[target] ?? "") : "";
        if (tests[i] && !tests[i]!(name, () => seen.tool?.kind ?? "other")) continue;
        const answer = await answerOf(definition, i, seen, owner);
        answers.push(answer);
        seen = rewritten(seen, answer);
      }
      return mergeAnswers(answers);
    },
  };
}
