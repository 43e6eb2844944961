import { defineAdapter, type Adapter, type AdapterSpec, type PluginModuleSpec } from "../adapter.ts";
import type { Capabilities } from "../dialects/dialect.ts";
import { pluginActionsDialect } from "../dialects/plugin-actions.ts";

/**
 * What Pi and its fork Oh My Pi share: TypeScript extensions loaded into the host's Node process,
 * `export default function (pi) { pi.on("<event>", (event, ctx) => result) }`. The generated
 * module (src/install/plugin-module/glue/pi-v1.ts) forwards each call as `{hook, event, ctx}`:
 * the host's event object verbatim, `ctx` reduced to `{cwd, hasUI, sessionFile, sessionId, model}`.
 * Facts: docs/hosts/pi.md (real run of Pi 0.73.1), docs/hosts/omp.md.
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
};

export interface PiFamilyHost<Id extends string> extends Pick<AdapterSpec<Id>, "id" | "name" | "sources" | "detect" | "mcp" | "notice"> {
  folders: PluginModuleSpec["folders"];
}

export const definePiFamilyAdapter = <const Id extends string>(host: PiFamilyHost<Id>): Adapter<Id, never> =>
  defineAdapter({
    ...host,
    events: EVENTS,
    payload: PAYLOAD,
    dialect: pluginActionsDialect(host.id, CAPABILITIES),
    // The module filters with our matcher; the binary checks it again.
    nativeMatcher: "none",
    // Pi's built-in tools (extensions add their own).
    toolNames: ["read", "bash", "edit", "write", "grep", "find", "ls"],
    // Any other `pi.on` event (turn_start, context, input, …) is wired verbatim.
    nativeHooks: true,
    hooks: { kind: "plugin-module", module: { generator: "pi-v1", folders: host.folders } },
  });
