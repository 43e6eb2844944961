/**
 * The Pi-family glue (Pi, Oh My Pi: `export default function (pi) { pi.on(event, handler) }`,
 * an extension loaded into the host's process: by jiti in Pi's Node, by Bun's import in Oh My Pi). Each handler hands
 * `{hook, event, ctx}` to `ask` (../dispatch.ts), `ctx` reduced to what can be written as JSON,
 * and applies the Reply as the host takes it:
 * - tool_call: {deny} → `{ block: true, reason }`; {args} → `event.input` rewritten in place (Pi)
 *   and returned as `{ input }` (Oh My Pi replaces the arguments with it; Pi ignores the key);
 *   {context} → kept for that call's result;
 * - tool_result: {output} → `{ content }` replaced; context (this call's, or PreToolUse's) → one
 *   more text block; `isError: true` is PostToolUseFailure instead;
 * - before_agent_start: SessionStart's context and every UserPromptSubmit context of the session
 *   so far → appended to `systemPrompt` (which the host sends on every model call of the run): a
 *   string in Pi, a list of sections in Oh My Pi (which replaces the whole prompt with what it gets);
 * - Stop: `agent_end`, observed; on a host with `session_stop` (Oh My Pi) that event instead, where
 *   {deny} → `{ continue: true, additionalContext: reason }` (one more turn; the host caps the chain).
 * A host-only event of platforms.<id>.nativeHooks gets the handler's object back verbatim.
 */
import { ask, prepare, guarded, isObject, joinText, replaceInPlace, SETTINGS, wanted, type Json } from "../dispatch.ts";
// agent-connector:glue:begin

/** What the handler's `ctx` holds that can travel as JSON: its methods are called here. */
function context(ctx: Json): Json {
  const call = (fn: unknown, self: unknown) => {
    try {
      return typeof fn === "function" ? fn.call(self) : undefined;
    } catch {
      return undefined;
    }
  };
  const sessions = ctx?.sessionManager;
  return {
    cwd: ctx?.cwd,
    hasUI: ctx?.hasUI,
    sessionFile: call(sessions?.getSessionFile, sessions),
    sessionId: call(sessions?.getSessionId, sessions),
    model: ctx?.model?.id,
  };
}

const nonEmpty = (reply: Json): Json | undefined => (Object.keys(reply).length ? reply : undefined);
const textBlock = (text: string) => ({ type: "text", text });
/** The hosts whose `session_stop` can keep a run going (Oh My Pi 18): Stop is wired there (src/families/pi.ts `stopContinues`). */
const SESSION_STOP_HOSTS = ["omp"];
/** The system prompt with our context after it, in the host's own shape (Oh My Pi: a list of sections). */
const withContext = (prompt: unknown, added: string[]): string | unknown[] => (Array.isArray(prompt) ? [...prompt, ...added] : joinText(prompt, ...added));

export default function (pi: Json): void {
  prepare();
  const send = (event: string, hook: string, args: Json, ctx: Json, toolName?: unknown) => ask(event, { hook, event: args, ctx: context(ctx) }, toolName);
  /** Per session: SessionStart's context, then each prompt's, in order and once each. */
  const sessionContext = new Map<string, string[]>();
  /** PreToolUse context per tool call, for that call's result. */
  const callContext = new Map<string, string>();
  const addContext = (ctx: Json, text: string | undefined) => {
    const id = String(context(ctx).sessionId ?? "");
    const list = sessionContext.get(id) ?? [];
    if (text && !list.includes(text)) list.push(text);
    sessionContext.set(id, list);
  };
  const on = (hook: string, fn: (event: Json, ctx: Json) => Promise<unknown>) => pi.on(hook, guarded(hook, fn));

  if (wanted("SessionStart")) on("session_start", async (event, ctx) => addContext(ctx, (await send("SessionStart", "session_start", event, ctx)).context));
  if (wanted("SessionEnd")) on("session_shutdown", async (event, ctx) => void (await send("SessionEnd", "session_shutdown", event, ctx)));
  if (wanted("Stop") && SESSION_STOP_HOSTS.includes(SETTINGS.host)) {
    on("session_stop", async (event, ctx) => {
      const reply = await send("Stop", "session_stop", event, ctx);
      return typeof reply.deny === "string" ? { continue: true, additionalContext: reply.deny } : undefined;
    });
  } else if (wanted("Stop")) on("agent_end", async (event, ctx) => void (await send("Stop", "agent_end", event, ctx)));
  if (wanted("PreCompact")) on("session_before_compact", async (event, ctx) => void (await send("PreCompact", "session_before_compact", event, ctx)));
  if (wanted("PostCompact")) on("session_compact", async (event, ctx) => void (await send("PostCompact", "session_compact", event, ctx)));

  if (wanted("SessionStart", "UserPromptSubmit")) {
    on("before_agent_start", async (event, ctx) => {
      if (wanted("UserPromptSubmit")) addContext(ctx, (await send("UserPromptSubmit", "before_agent_start", event, ctx)).context);
      const added = sessionContext.get(String(context(ctx).sessionId ?? "")) ?? [];
      if (!added.length) return undefined;
      return { systemPrompt: withContext(event?.systemPrompt, added) };
    });
  }

  if (wanted("PreToolUse")) {
    on("tool_call", async (event, ctx) => {
      const reply = await send("PreToolUse", "tool_call", event, ctx, event?.toolName);
      if (typeof reply.deny === "string") return { block: true, reason: reply.deny };
      if (reply.context) callContext.set(event?.toolCallId, reply.context);
      if (!isObject(reply.args)) return undefined;
      if (isObject(event.input)) replaceInPlace(event.input, reply.args);
      else event.input = reply.args;
      return { input: event.input };
    });
  }

  if (wanted("PreToolUse", "PostToolUse", "PostToolUseFailure")) {
    on("tool_result", async (event, ctx) => {
      const failed = event?.isError === true;
      const earlier = callContext.get(event?.toolCallId);
      callContext.delete(event?.toolCallId);
      const name = failed ? "PostToolUseFailure" : "PostToolUse";
      const reply = wanted(name) ? await send(name, "tool_result", event, ctx, event?.toolName) : {};
      const replaced = typeof reply.output === "string" && !failed;
      const added = [earlier, reply.context].filter((text): text is string => typeof text === "string" && text !== "");
      if (!replaced && !added.length) return undefined;
      const content = replaced ? [textBlock(reply.output!)] : Array.isArray(event.content) ? [...event.content] : [];
      return { content: [...content, ...added.map(textBlock)] };
    });
  }

  // Verbatim, but nothing for no opinion: some hooks treat any returned value as a replacement.
  for (const hook of SETTINGS.nativeEvents ?? []) on(hook, async (event, ctx) => nonEmpty(await send(hook, hook, event, ctx)));
}
