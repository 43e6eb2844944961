import { defineAdapter, type Adapter, type AdapterSpec, type PluginModuleSpec } from "../adapter.ts";
import type { Capabilities } from "../dialects/dialect.ts";
import { pluginActionsDialect } from "../dialects/plugin-actions.ts";
import type { KnownTools, ToolVocabulary } from "../tools/vocabulary.ts";

/**
 * What Pi and its fork Oh My Pi share: TypeScript extensions loaded into the host's process (Node
 * for Pi, Bun for Oh My Pi), `export default function (pi) { pi.on("<event>", (event, ctx) => result) }`.
 * The generated module (src/install/plugin-module/glue/pi-v1.ts) forwards each call as
 * `{hook, event, ctx}`: the host's event object verbatim, `ctx` reduced to
 * `{cwd, hasUI, sessionFile, sessionId, model}`.
 * Facts: docs/hosts/pi.md (real run of Pi 0.73.1), docs/hosts/omp.md (real run of Oh My Pi 18.2.3).
 */

const EVENTS = {
  SessionStart: "session_start",
  SessionEnd: "session_shutdown",
  // Has the prompt and the system prompt of the run; `input` (raw text) comes earlier but cannot add context.
  UserPromptSubmit: "before_agent_start",
  PreToolUse: "tool_call",
  PostToolUse: "tool_result",
  // `tool_result` with `isError: true`: the module asks this event instead of PostToolUse.
  PostToolUseFailure: "tool_result",
  PreCompact: "session_before_compact",
  PostCompact: "session_compact",
  // Observed only; a host with `session_stop` (Oh My Pi) wires Stop there instead (`stopContinues`).
  Stop: "agent_end",
  // Not here: Notification, PermissionRequest, SubagentStart/Stop (no such events; no sub-agents in core Pi).
} as const;

const CAPABILITIES: Capabilities = {
  // Both go to the system prompt `before_agent_start` returns, for every run of the session.
  SessionStart: ["context"],
  UserPromptSubmit: ["context"],
  // deny = `{block: true, reason}` (the model gets the reason); modify = `event.input` in place;
  // context = a text block after the call's output.
  PreToolUse: ["deny", "modify", "context"],
  // A patch of the result: `content` replaced, or context as one more text block.
  PostToolUse: ["context", "updatedOutput"],
};

const PAYLOAD: Adapter["payload"] = {
  sessionId: { paths: ["ctx.sessionId"] },
  projectDir: { paths: ["ctx.cwd"] },
  // The module's view of pi's context (glue/pi-v1.ts): the session file is the transcript, `model` the model's id.
  transcriptPath: { paths: ["ctx.sessionFile"] },
  model: { paths: ["ctx.model"] },
  // Pi's session_start reasons: startup, reload, new, resume, fork.
  source: { paths: ["event.reason"], values: { startup: "startup", new: "startup", reload: "resume", resume: "resume", fork: "resume" } },
  reason: { paths: ["event.reason"] },
  prompt: { paths: ["event.prompt"] },
  toolName: { paths: ["event.toolName"] },
  toolInput: { paths: ["event.input"] },
  toolOutput: { paths: ["event.content"], textParts: true },
  isError: { paths: ["event.isError"] },
  toolUseId: { paths: ["event.toolCallId"] },
  // A failed tool's result is its error text.
  error: { paths: ["event.content"], textParts: true },
  trigger: { paths: ["event.reason"], values: { manual: "manual", threshold: "auto", overflow: "auto" } },
  // Oh My Pi's session_stop: true on the settle that follows a continuation it asked for.
  stopHookActive: { paths: ["event.stop_hook_active"] },
};

/**
 * Pi's seven built-in tools (`allToolNames`, core/tools/*.ts of @mariozechner/pi-coding-agent
 * 0.73.1; extensions add their own), with `event.input` as the tool's args: paths are `path`.
 */
export const PI_TOOLS = {
  shell: { bash: { command: "command" } },
  read: { read: { filePaths: "path" } },
  write: { write: { filePaths: "path", content: "content" } },
  // `{path, edits: [{oldText, newText}]}` in 0.73.1 (0.58 took one top-level oldText/newText pair, still
  // accepted): the replacement text sits in a list, so no `content` field.
  edit: { edit: { filePaths: "path" } },
  search: {
    grep: { query: "pattern", filePaths: "path" },
    find: { query: "pattern", filePaths: "path" },
    ls: { filePaths: "path" },
  },
} as const satisfies KnownTools;

export interface PiFamilyHost<Id extends string>
  extends Pick<AdapterSpec<Id>, "id" | "name" | "sources" | "detect" | "verified" | "version" | "mcp" | "notice"> {
  folders: PluginModuleSpec["folders"];
  /**
   * The host fires `session_stop` when a run is about to settle, and a handler's
   * `{continue: true, additionalContext}` runs one more turn with that text (Oh My Pi 18): Stop is
   * wired there and can deny. The module knows such hosts by id (glue/pi-v1.ts `SESSION_STOP_HOSTS`).
   */
  stopContinues?: boolean;
  /** The host's built-in tools as `event.toolName` names them, when not Pi's. */
  tools?: ToolVocabulary;
}

export const definePiFamilyAdapter = <const Id extends string>({ stopContinues, tools = PI_TOOLS, ...host }: PiFamilyHost<Id>): Adapter<Id, never> =>
  defineAdapter({
    ...host,
    events: stopContinues ? { ...EVENTS, Stop: "session_stop" } : EVENTS,
    payload: PAYLOAD,
    dialect: pluginActionsDialect(host.id, stopContinues ? { ...CAPABILITIES, Stop: ["deny"] } : CAPABILITIES),
    // The module filters with our matcher; the binary checks it again.
    nativeMatcher: "none",
    tools,
    // Any other `pi.on` event (turn_start, context, input, …) is wired verbatim.
    nativeHooks: true,
    hooks: { kind: "plugin-module", module: { generator: "pi-v1", folders: host.folders } },
  });
