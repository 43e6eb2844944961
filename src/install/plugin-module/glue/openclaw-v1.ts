/**
 * The OpenClaw glue: the entry module of a native plugin (`openclaw.plugin.json` beside it), whose
 * default export `{id, name, configSchema, register(api)}` registers typed hooks with
 * `api.on(hook, handler)`, run in the Gateway's (or `openclaw agent --local`'s) Node process. Each
 * handler hands `{hook, event, ctx, cwd}` to `ask` (../dispatch.ts) and applies the Reply:
 * - before_tool_call: {deny} → `{block: true, blockReason}`; {args} → `{params}`;
 * - before_prompt_build: SessionStart's context (asked once per session, the first time a prompt
 *   of it is built) and every UserPromptSubmit context of the session → `appendSystemContext`;
 * - after_tool_call: PostToolUse, or PostToolUseFailure when it carries an error (not for a call
 *   we blocked: OpenClaw reports that one with our reason as its error);
 * - the rest are observed. A host-only hook of platforms.<id>.nativeHooks gets the handler's
 *   object back verbatim.
 */
import { ask, prepare, guarded, isObject, joinText, SETTINGS, wanted, type Json } from "../dispatch.ts";
// agent-connector:glue:begin

const CONFIG_SCHEMA = { type: "object", additionalProperties: false, properties: {} };

function register(api: Json): void {
  prepare();
  const send = (event: string, hook: string, args: Json, ctx: Json, toolName?: unknown) => ask(event, { hook, event: args, ctx, cwd: process.cwd() }, toolName);
  const on = (hook: string, fn: (event: Json, ctx: Json) => Promise<unknown>) => api.on(hook, guarded(hook, fn));
  const observe = (event: string, hook: string) => wanted(event) && on(hook, async (args, ctx) => void (await send(event, hook, args, ctx)));
  /** Per session: SessionStart's context, then each prompt's, in order and once each. */
  const context = new Map<string, { started?: Promise<void>; texts: string[] }>();
  const session = (ctx: Json) => {
    const id = String(ctx?.sessionId ?? ctx?.sessionKey ?? "");
    let state = context.get(id);
    if (!state) context.set(id, (state = { texts: [] }));
    return state;
  };
  const add = (ctx: Json, text: string | undefined) => {
    const state = session(ctx);
    if (text && !state.texts.includes(text)) state.texts.push(text);
  };
  /** Calls we blocked: their after_tool_call error is our deny, not a tool failure. */
  const blocked = new Set<string>();

  observe("SessionEnd", "session_end");
  observe("Stop", "before_agent_finalize");
  observe("PreCompact", "before_compaction");
  observe("PostCompact", "after_compaction");
  observe("SubagentStart", "subagent_spawned");
  observe("SubagentStop", "subagent_ended");

  if (wanted("SessionStart")) {
    on("session_start", async (event, ctx) => {
      const state = session(ctx);
      state.started ??= send("SessionStart", "session_start", event, ctx).then((reply) => add(ctx, reply.context));
      await state.started;
    });
  }

  if (wanted("SessionStart", "UserPromptSubmit")) {
    on("before_prompt_build", async (event, ctx) => {
      const state = session(ctx);
      if (wanted("SessionStart")) {
        state.started ??= send("SessionStart", "before_prompt_build", event, ctx).then((reply) => add(ctx, reply.context));
        await state.started;
      }
      if (wanted("UserPromptSubmit")) add(ctx, (await send("UserPromptSubmit", "before_prompt_build", event, ctx)).context);
      return state.texts.length ? { appendSystemContext: joinText(...state.texts) } : undefined;
    });
  }

  if (wanted("PreToolUse")) {
    on("before_tool_call", async (event, ctx) => {
      const reply = await send("PreToolUse", "before_tool_call", event, ctx, event?.toolName);
      if (typeof reply.deny === "string") {
        blocked.add(event?.toolCallId);
        return { block: true, blockReason: reply.deny };
      }
      return isObject(reply.args) ? { params: reply.args } : undefined;
    });
  }

  if (wanted("PostToolUse", "PostToolUseFailure")) {
    on("after_tool_call", async (event, ctx) => {
      if (blocked.delete(event?.toolCallId)) return;
      const name = event?.error ? "PostToolUseFailure" : "PostToolUse";
      if (wanted(name)) await send(name, "after_tool_call", event, ctx, event?.toolName);
    });
  }

  // Verbatim, but nothing for no opinion.
  for (const hook of SETTINGS.nativeEvents ?? []) {
    on(hook, async (event, ctx) => {
      const reply = await send(hook, hook, event, ctx);
      return Object.keys(reply).length ? reply : undefined;
    });
  }
}

export default { id: SETTINGS.id, name: `agent-connector: ${SETTINGS.connector}`, configSchema: CONFIG_SCHEMA, register };
