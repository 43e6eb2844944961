/**
 * The OpenCode-family glue (OpenCode, Kilo CLI, MiMo Code: the V1 plugin API,
 * `export default { id, server }`): the host calls the functions `server` returns in its own
 * process; each hands the host's arguments, unchanged, to `ask` (../dispatch.ts) and applies the
 * Reply: {deny} → throw (the tool does not run, the model gets the reason), {args} → the tool's
 * arguments rewritten in place, {output} → the tool's output replaced, {context} → the model's
 * context (the system prompt, or the tool output after a tool). Runs under Bun.
 */
import { ask, Deny, guarded, isObject, joinText, prepare, replaceInPlace, runtimeName, SETTINGS, wanted, type Json } from "../dispatch.ts";
// agent-connector:glue:begin

/** Whether this process is the host this module was generated for (MiMo also loads .opencode/). */
function isOurHost(): boolean {
  const exe = runtimeName();
  return SETTINGS.hostBins.includes(exe) || !SETTINGS.foreignBins.includes(exe);
}

interface SessionState {
  /** SessionStart runs once per session, whichever of its two triggers comes first. */
  started?: Promise<void>;
  startContext?: string;
  /** Context from the other events, in order, each once: in the system prompt of every later model call. */
  context: string[];
}

async function server(input: Json = {}): Promise<Record<string, (...args: any[]) => Promise<void>>> {
  if (!isOurHost()) return {};
  prepare();
  const where = { directory: input?.directory, worktree: input?.worktree };
  const send = (event: string, hook: string, args: Json, toolName?: unknown) => ask(event, { hook, ...args, ...where }, toolName);
  const sessions = new Map<string, SessionState>();
  /** Sub-agent sessions (child → parent): their prompts, starts and stops are not the user's session's. */
  const children = new Map<string, string>();
  /** Calls we denied: their error state is our deny, not a tool failure. */
  const denied = new Set<string>();
  const session = (id: string): SessionState => {
    let state = sessions.get(id);
    if (!state) sessions.set(id, (state = { context: [] }));
    return state;
  };
  const addContext = (id: unknown, text: string | undefined) => {
    if (typeof id !== "string" || !text) return;
    const state = session(id);
    if (!state.context.includes(text)) state.context.push(text);
  };
  const start = (id: string, hook: string, args: Json): Promise<void> => {
    const state = session(id);
    state.started ??= send("SessionStart", hook, args).then((reply) => {
      state.startContext = reply.context;
    });
    return state.started;
  };

  const hooks: Record<string, (...args: any[]) => Promise<void>> = {};

  hooks.event = guarded("event", async (args: Json) => {
    const event = args?.event;
    const properties: Json = event?.properties ?? {};
    const id = properties.sessionID ?? properties.info?.id;
    if (typeof id !== "string") return;
    switch (event?.type) {
      case "session.created": {
        // A sub-agent runs as a child session (the task tool): no hook of its own, its session's birth.
        const parent = properties.info?.parentID;
        if (typeof parent === "string") {
          children.set(id, parent);
          if (wanted("SubagentStart")) await send("SubagentStart", "event", { input: args, parentID: parent });
        } else if (wanted("SessionStart")) await start(id, "event", { input: args });
        return;
      }
      case "session.idle": {
        const parent = children.get(id);
        if (parent !== undefined) {
          if (wanted("SubagentStop")) await send("SubagentStop", "event", { input: args, parentID: parent });
        } else if (wanted("Stop")) await send("Stop", "event", { input: args });
        return;
      }
      case "session.compacted":
        if (wanted("PostCompact")) await send("PostCompact", "event", { input: args });
        return;
      case "message.part.updated": {
        const part = properties.part;
        if (part?.type !== "tool" || part.state?.status !== "error" || denied.has(part.callID)) return;
        if (wanted("PostToolUseFailure")) await send("PostToolUseFailure", "event", { input: args }, part.tool);
        return;
      }
      case "session.deleted":
        sessions.delete(id);
        children.delete(id);
        return;
    }
  });

  if (wanted("UserPromptSubmit")) {
    hooks["chat.message"] = guarded("chat.message", async (input: Json, output: Json) => {
      const id = input?.sessionID ?? output?.message?.sessionID;
      if (children.has(id)) return;
      addContext(id, (await send("UserPromptSubmit", "chat.message", { input, output })).context);
    });
  }

  if (wanted("PreToolUse")) {
    hooks["tool.execute.before"] = guarded("tool.execute.before", async (input: Json, output: Json) => {
      const reply = await send("PreToolUse", "tool.execute.before", { input, output }, input?.tool);
      if (typeof reply.deny === "string") {
        denied.add(input?.callID);
        throw new Deny(reply.deny);
      }
      if (isObject(reply.args)) {
        if (isObject(output.args)) replaceInPlace(output.args, reply.args);
        else output.args = reply.args;
      }
      addContext(input?.sessionID, reply.context);
    });
  }

  if (wanted("PostToolUse")) {
    hooks["tool.execute.after"] = guarded("tool.execute.after", async (input: Json, output: Json) => {
      const reply = await send("PostToolUse", "tool.execute.after", { input, output }, input?.tool);
      if (typeof reply.output === "string") {
        output.output = reply.output;
        // What the host shows for the call; the model reads `output`.
        if (typeof output.metadata?.output === "string") output.metadata.output = reply.output;
      }
      if (reply.context) output.output = joinText(output.output, reply.context);
    });
  }

  if (wanted("PreCompact")) {
    hooks["experimental.session.compacting"] = guarded("experimental.session.compacting", async (input: Json, output: Json) => {
      const reply = await send("PreCompact", "experimental.session.compacting", { input, output });
      if (reply.context && Array.isArray(output?.context)) output.context.push(reply.context);
    });
  }

  if (wanted("SessionStart", "UserPromptSubmit", "PreToolUse")) {
    // Runs before every model call with a fresh system prompt: our context is added each time.
    hooks["experimental.chat.system.transform"] = guarded("experimental.chat.system.transform", async (input: Json, output: Json) => {
      const id = input?.sessionID;
      if (typeof id !== "string" || !Array.isArray(output?.system)) return;
      if (wanted("SessionStart") && !children.has(id)) await start(id, "experimental.chat.system.transform", { input });
      const state = sessions.get(id);
      if (state) output.system.push(...[state.startContext ?? "", ...state.context].filter(Boolean));
    });
  }
  // Host-only hook keys (platforms.<id>.nativeHooks, e.g. `chat.params`): the handler's object is
  // merged into the hook's output object, which the host reads back; after ours on a shared key.
  for (const hook of SETTINGS.nativeEvents ?? []) {
    const ours = hooks[hook];
    hooks[hook] = guarded(hook, async (input: Json, output: Json) => {
      await ours?.(input, output);
      const reply: Json = await ask(hook, { hook, input, output, ...where });
      if (isObject(output) && Object.keys(reply).length) Object.assign(output, reply);
    });
  }
  return hooks;
}

export default { id: SETTINGS.id, server };
