/** The 15 normalized lifecycle events and the shapes handlers see and return. */
import type { McpServer } from "./mcp-servers.ts";
import type { ToolView, UpdatedTool } from "./tools/portable.ts";

export const EVENT_NAMES = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "Stop",
  "Notification",
  "PermissionRequest",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
  "StopFailure",
  "PermissionDenied",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** An events map for a host that calls these events by our (Claude Code's) names. */
export const sameNames = (events: readonly EventName[]): Partial<Record<EventName, string>> => Object.fromEntries(events.map((event) => [event, event]));

export const isEventName = (name: string): name is EventName => (EVENT_NAMES as readonly string[]).includes(name);

export type Decision = "allow" | "deny" | "modify" | "context" | "ask";

export interface HookResponse {
  decision?: Decision;
  /** Why: shown to the model on deny, to the user on ask. */
  reason?: string;
  /** Full replacement of the tool input (PreToolUse, PermissionRequest). */
  updatedInput?: Record<string, unknown>;
  /** Text added to the model's context. */
  additionalContext?: string;
  /** Replacement of the tool output (PostToolUse). */
  updatedOutput?: string;
  /**
   * A portable rewrite of the tool's input (with `decision: "modify"`, implied when left out): the
   * canonical fields of `event.tool`, put back where this host keeps them (an array of commands,
   * a `cmd` key…) over the original input. A field the host's tool has no place for is left as it
   * was, and logged. `updatedInput`, the host's own shape, still works; both given: this over it.
   */
  updatedTool?: UpdatedTool;
  /**
   * End the agent's turn or run, with the reason shown to the user, where the host can (Claude
   * Code, Codex, Gemini CLI: `continue: false` + `stopReason`); it wins over any decision.
   * `continue: false` + `stopReason` is the same, in Claude Code's words.
   */
  halt?: { reason?: string };
  continue?: boolean;
  stopReason?: string;
  /** A message shown to the user (never to the model), where the host shows one. */
  systemMessage?: string;
  /** Keep this hook's output out of the host's transcript, where the host has that switch. */
  suppressOutput?: boolean;
}

/**
 * What a host may tell about the session on any event, where it sends it (docs/connector.md#events).
 * Absent when the host does not send it, whatever the event.
 */
export interface SessionFields {
  /** The session's transcript file (Claude Code's `transcript_path`, Copilot CLI's `transcriptPath`). */
  transcriptPath?: string;
  /** The host's permission mode, in its own words (Claude Code: "default", "plan", "acceptEdits", "bypassPermissions"…). */
  permissionMode?: string;
  /** The model the session runs, in the host's own words. */
  model?: string;
  /** The subagent the event comes from (on tool events: a call made inside a subagent); absent in the main agent. */
  agentId?: string;
  /** That subagent's type or name: what SubagentStart / SubagentStop matchers match. */
  agentType?: string;
}

/** An answer field a host can take (`event.host.can.fields`). */
export type AnswerField = "reason" | "updatedInput" | "updatedTool" | "additionalContext" | "updatedOutput" | "halt" | "systemMessage" | "suppressOutput";

/**
 * What the host that ran the hook does with an answer on this event, from the same data as
 * `explain`: what is left out here degrades as `explain` and `install` say.
 */
export interface HostAbilities {
  /** The decisions the host acts on here ("allow": an explicit allow that differs from no answer). */
  decisions: Decision[];
  /** The answer fields the host takes here. */
  fields: AnswerField[];
  /**
   * What `decision: "modify"` does here. "rewrite": the input is replaced and the host's own
   * permission rules and prompts still apply; "rewrite and approve": the host takes a new input only
   * with an approval, so the call also runs unasked (a declared degradation); "ignored": the original
   * input is used. `decision: "allow"` with a rewrite approves it wherever a rewrite is taken.
   */
  modify: "rewrite" | "rewrite and approve" | "ignored";
  /** An ask may carry a rewrite here: the host asks about the rewritten call (else the rewrite is dropped). */
  askWithRewrite: boolean;
}

/** The host that ran the hook (`event.host`). */
export interface HostView {
  /** Same as `hostPlatform`. */
  id: string;
  can: HostAbilities;
}

export interface BaseEvent extends SessionFields {
  /** Id of the host that ran the hook, e.g. "claude-code". */
  hostPlatform: string;
  /**
   * What this host honours on this event (`event.host.can`). Not enumerable: it stays out of
   * `JSON.stringify(event)` and `{ ...event }`; read it by name.
   */
  host: HostView;
  connectorId: string;
  /** "" when the host gives none. */
  sessionId: string;
  projectDir?: string;
  /** The host's payload, verbatim. */
  raw: unknown;
}

interface ToolFields {
  /** The tool's name in the host's own words (`Bash`, `run_shell_command`, `Shell`…). */
  toolName: string;
  /** The tool's input in the host's own shape. */
  toolInput: Record<string, unknown>;
  /**
   * The same call in portable words: its kind (`shell`, `read`, `write`, `edit`, `search`, `fetch`,
   * `task`, `mcp`, or `other` where the host's tool is not mapped) and its key fields wherever the
   * host keeps them (`command`, `cwd`, `filePaths`, `content`, `url`, `query`; `server` and `name`
   * for an MCP tool).
   */
  tool: ToolView;
  /** The host's id of this tool call (Claude Code's `tool_use_id`): the same on its Pre and Post events. */
  toolUseId?: string;
}

export interface EventPayloadMap {
  SessionStart: BaseEvent & { source: "startup" | "compact" | "resume" | "clear" };
  SessionEnd: BaseEvent & { reason?: string };
  UserPromptSubmit: BaseEvent & { prompt: string };
  PreToolUse: BaseEvent & ToolFields;
  PostToolUse: BaseEvent & ToolFields & { toolOutput?: string; isError?: boolean };
  PreCompact: BaseEvent & { trigger?: "auto" | "manual" };
  PostCompact: BaseEvent & { trigger?: "auto" | "manual" };
  /** `lastAssistantMessage`: the agent's last reply of the turn, where the host sends it (a guard can check a claim of "done"). */
  Stop: BaseEvent & { stopHookActive?: boolean; lastAssistantMessage?: string };
  /** `notificationType`: what kind of notice, in the host's words (Claude Code: "permission_prompt", "idle_prompt"…). */
  Notification: BaseEvent & { message: string; notificationType?: string };
  PermissionRequest: BaseEvent & ToolFields & { permissionSuggestions?: unknown[] };
  PostToolUseFailure: BaseEvent & ToolFields & { error: string; isInterrupt?: boolean; durationMs?: number };
  /** `agentId`, `agentType`: the subagent that starts (SessionFields). */
  SubagentStart: BaseEvent;
  SubagentStop: BaseEvent & {
    agentTranscriptPath?: string;
    lastAssistantMessage?: string;
    stopHookActive?: boolean;
  };
  /**
   * A turn that ended on an error instead of a normal stop (the model API refused: rate limit,
   * authentication, billing, a server error…): Stop does not fire then. Observe-only on every host.
   * `error`: the kind of failure in the host's words (Claude Code and Codex: "rate_limit",
   * "server_error"…; Kimi: the exception's class); `errorDetails?`: its message.
   */
  StopFailure: BaseEvent & { error: string; errorDetails?: string; lastAssistantMessage?: string };
  /**
   * After a tool call was denied (Claude Code: by its auto-mode classifier; the others: by their
   * permission rules or the user), the call's tool fields and `reason?`, the host's why, where it
   * sends one. Observe-only on every host.
   */
  PermissionDenied: BaseEvent & ToolFields & { reason?: string };
}

export type AnyEvent = EventPayloadMap[EventName];

/**
 * The normalized field an event's matcher is matched against, as Claude Code's hooks match them
 * (code.claude.com/docs/en/hooks): the tool, the session's source or end reason, the compaction's
 * trigger, the notification's type, the subagent's type, the failed stop's error. UserPromptSubmit and Stop have nothing.
 */
const TARGETS = {
  SessionStart: "source",
  SessionEnd: "reason",
  PreToolUse: "toolName",
  PostToolUse: "toolName",
  PreCompact: "trigger",
  PostCompact: "trigger",
  Notification: "notificationType",
  PermissionRequest: "toolName",
  PostToolUseFailure: "toolName",
  SubagentStart: "agentType",
  SubagentStop: "agentType",
  StopFailure: "error",
  PermissionDenied: "toolName",
} as const satisfies { [E in EventName]?: keyof EventPayloadMap[E] };

export type MatcherTarget = (typeof TARGETS)[keyof typeof TARGETS];
export const MATCHER_TARGET: Partial<Record<EventName, MatcherTarget>> = TARGETS;

/** The events whose matcher has something to match. */
export const MATCHED_EVENTS = Object.keys(TARGETS) as readonly (keyof typeof TARGETS)[];

/** The events a matcher has nothing to match on: a config error there. */
export type UnmatchedEvent = Exclude<EventName, keyof typeof TARGETS>;

export type HandlerResult = HookResponse | void | undefined;

export interface HookDefinition<E extends EventName = EventName> {
  /**
   * JavaScript regular expression matched against the WHOLE tool name (tool events), source
   * (SessionStart), reason (SessionEnd), trigger (PreCompact, PostCompact), notification type
   * (Notification), agent type (subagent events) or error kind (StopFailure): "Bash" matches only Bash, "Edit|Write" either,
   * "mcp__.*" all MCP tools, "startup|resume" those sources. Empty or "*" matches everything.
   * UserPromptSubmit and Stop take none. On tool events, `@<kind>` names a kind of tool on every
   * host, whatever the host calls it: "@shell", "@write|@edit", "@shell|my_tool" (kinds: @shell,
   * @read, @write, @edit, @search, @fetch, @task, @mcp, @other).
   */
  matcher?: E extends UnmatchedEvent ? never : string;
  handler: (event: EventPayloadMap[E]) => HandlerResult | Promise<HandlerResult>;
  /** What the host gets when this handler cannot decide (docs/connector.md#guards-you-can-rely-on); default: the connector's `onFailure`. */
  onFailure?: OnFailure;
  /**
   * Seconds this definition may take, within the connector's `timeout` (it can only shorten it):
   * past it, this definition has failed (its `onFailure`) and the others of the event still answer.
   */
  timeout?: number;
}

/**
 * When a call cannot decide (a throw, the time budget, an invalid answer, a connector that cannot
 * load, an unreadable payload): `allow` (fail open, the default) or `deny` (fail closed).
 */
export type OnFailure = "allow" | "deny";

export type HooksConfig = { [E in EventName]?: HookDefinition<E> };

/**
 * What a config declares per event: one definition, or several, each with its own matcher,
 * handler and onFailure; their answers merge by one rule (docs/connector.md#several-definitions-of-one-event).
 */
export type HooksInput = { [E in EventName]?: HookDefinition<E> | readonly HookDefinition<E>[] };

/** A host-only event, passed through verbatim: raw payload in, the returned object printed as-is. */
export interface NativeHookDefinition {
  /** Written into the host's config as the host's own matcher, unchanged. */
  matcher?: string;
  handler: (raw: unknown) => unknown;
  onFailure?: OnFailure;
}

export interface PlatformOptions {
  nativeHooks?: Record<string, NativeHookDefinition>;
}

export interface ConnectorConfig {
  id: string;
  /** Seconds a host waits for one hook call; the handler gets this minus a safety margin. */
  timeout?: number;
  /** Every hook's `onFailure` unless it sets its own: `deny` makes the guard fail closed. */
  onFailure?: OnFailure;
  /**
   * What the decision ledger (~/.agent-connector/audit/decisions.jsonl) records of this connector's
   * calls: "decisions" (the default: every answer other than no opinion, and every failure), "all",
   * or false (nothing). docs/audit.md.
   */
  audit?: "all" | "decisions" | false;
  hooks?: HooksConfig;
  /** MCP servers, by name, registered in every host install targets. */
  mcpServers?: Record<string, McpServer>;
  platforms?: Record<string, PlatformOptions>;
}

/** A connector as its config declares it (`defineConnector`); once checked, an event's several definitions are one (ConnectorConfig). */
export interface ConnectorInput extends Omit<ConnectorConfig, "hooks"> {
  hooks?: HooksInput;
}
