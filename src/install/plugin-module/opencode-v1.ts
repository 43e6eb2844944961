/**
 * An agent-connector plugin for an OpenCode-family host (OpenCode, Kilo CLI, MiMo Code: the V1
 * plugin API, `export default { id, server }`).
 *
 * The host calls the functions below in its own process. Each one hands the host's arguments,
 * unchanged, to `agent-connector hook <host> <Event> --connector <id>` (JSON on stdin): the same
 * command, config lookup, matcher, handler time budget and reply rules as on every other host. The
 * reply is applied here: {deny} → throw (the tool does not run, the model gets the reason),
 * {args} → the tool's arguments rewritten in place, {output} → the tool's output replaced,
 * {context} → the model's context (the system prompt, or the tool output after a tool).
 *
 * Fail-open: when anything goes wrong (no binary, a crash, a timeout, a reply we cannot read) the
 * host's call goes on untouched, and a line goes to agent-connector's hook log.
 *
 * No dependency: only Bun and node builtins, which every one of these hosts runs on, so nothing
 * has to be installed next to this file.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { basename, dirname } from "node:path";

export interface Settings {
  /** The plugin id: the file's name without extension, unique per connector and host. */
  id: string;
  host: string;
  connector: string;
  /** `agent-connector hook <host>`, as argv; the event and `--connector` follow. */
  command: string[];
  /** How long a call may take before it is killed and the host goes on. */
  timeoutMs: number;
  /** The events to answer, each with its matcher as a regular expression ("" = every call). */
  events: Record<string, string>;
  /** Executable names of this host, and of the other hosts that load this folder too. */
  hostBins: string[];
  foreignBins: string[];
  logFile: string;
}

// agent-connector:settings:begin
const SETTINGS: Settings = {
  id: "agent-connector-example-opencode",
  host: "opencode",
  connector: "example",
  command: ["agent-connector", "hook", "opencode"],
  timeoutMs: 30000,
  events: { PreToolUse: "" },
  hostBins: ["opencode"],
  foreignBins: ["kilo", "mimo"],
  logFile: "/dev/null",
};
// agent-connector:settings:end

type Json = Record<string, any>;
/** What the binary answers (src/dialects/plugin-actions.ts). */
interface Reply {
  deny?: string;
  args?: Json;
  output?: string;
  context?: string;
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

function note(message: string): void {
  try {
    mkdirSync(dirname(SETTINGS.logFile), { recursive: true });
    appendFileSync(SETTINGS.logFile, `${new Date().toISOString()} ${SETTINGS.host} plugin (${SETTINGS.connector}): ${message}; allowed (fail-open)\n`);
  } catch {
    // Logging must never break the host.
  }
}

/** The host's objects share references (and cycles): each object is written once. */
function toJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === "function" || typeof v === "symbol") return undefined;
    if (typeof v === "bigint") return String(v);
    if (v && typeof v === "object") {
      if (seen.has(v)) return "[circular]";
      seen.add(v);
    }
    return v;
  });
}

/** Runs the connector's handler for `event` through the binary; {} means no opinion. */
async function ask(event: string, payload: Json, toolName?: unknown): Promise<Reply> {
  const matcher = SETTINGS.events[event];
  if (matcher === undefined) return {};
  try {
    // A first cut only: the binary applies the same matcher again, from the connector's config.
    if (matcher && typeof toolName === "string" && !new RegExp(matcher).test(toolName)) return {};
    const child = Bun.spawn([...SETTINGS.command, event, "--connector", SETTINGS.connector], {
      stdin: new TextEncoder().encode(toJson(payload)),
      // Explicitly: left out, Bun passes the environment the process started with, not process.env.
      env: process.env,
      stdout: "pipe",
      stderr: "pipe",
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill(9);
    }, SETTINGS.timeoutMs);
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    clearTimeout(timer);
    if (timedOut) throw new Error(`no answer within ${SETTINGS.timeoutMs} ms`);
    // Exit 2 is the binary's deny of last resort, reason on stderr.
    if (code === 2) return { deny: stderr.trim() || `Blocked by the ${SETTINGS.connector} hook` };
    if (code !== 0) throw new Error(`agent-connector exited ${code}: ${stderr.trim().slice(0, 500)}`);
    if (!stdout.trim()) return {};
    const reply: unknown = JSON.parse(stdout);
    if (!isObject(reply)) throw new Error(`unreadable reply: ${stdout.slice(0, 200)}`);
    return reply as Reply;
  } catch (error) {
    note(`${event}: ${(error as Error)?.message ?? String(error)}`);
    return {};
  }
}

/** A deliberate deny: the one error that reaches the host. */
class Deny extends Error {}

/** Wraps a hook so that nothing but a deny escapes to the host. */
const guarded =
  <A extends unknown[]>(name: string, fn: (...args: A) => Promise<void>) =>
  async (...args: A): Promise<void> => {
    try {
      await fn(...args);
    } catch (error) {
      if (error instanceof Deny) throw new Error(error.message);
      note(`${name}: ${(error as Error)?.stack ?? String(error)}`);
    }
  };

/** The host keeps its own reference to the arguments object: change it, never replace it. */
function replaceInPlace(target: Json, next: Json): void {
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  Object.assign(target, next);
}

const wanted = (...events: string[]) => events.some((event) => event in SETTINGS.events);
const joinText = (...parts: unknown[]) => parts.filter((p) => typeof p === "string" && p !== "").join("\n\n");

/** Whether this process is the host this module was generated for (MiMo also loads .opencode/). */
function isOurHost(): boolean {
  const exe = basename(process.execPath).toLowerCase().replace(/\.exe$/, "");
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
  const where = { directory: input?.directory, worktree: input?.worktree };
  const send = (event: string, hook: string, args: Json, toolName?: unknown) => ask(event, { hook, ...args, ...where }, toolName);
  const sessions = new Map<string, SessionState>();
  /** Sub-agent sessions: their prompts, starts and stops are not the user's session's. */
  const children = new Set<string>();
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
      case "session.created":
        if (properties.info?.parentID) children.add(id);
        else if (wanted("SessionStart")) await start(id, "event", { input: args });
        return;
      case "session.idle":
        if (wanted("Stop") && !children.has(id)) await send("Stop", "event", { input: args });
        return;
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
  return hooks;
}

export default { id: SETTINGS.id, server };
