import type { BaseEvent, EventName, EventPayloadMap, SessionFields } from "../events.ts";

/** The fields an event carries besides the base, as src/events.ts declares them. */
/** `tool` is computed from the host's tool vocabulary (src/tools/view.ts), not read from the payload. */
type FieldsOf<E extends EventName> = Exclude<keyof EventPayloadMap[E], keyof BaseEvent | "tool">;

/** Every normalized field an event can carry besides the base: the type checker holds it to EventPayloadMap. */
export const EVENT_FIELDS = {
  SessionStart: ["source"],
  SessionEnd: ["reason"],
  UserPromptSubmit: ["prompt"],
  PreToolUse: ["toolName", "toolInput", "toolUseId"],
  PostToolUse: ["toolName", "toolInput", "toolUseId", "toolOutput", "isError"],
  PreCompact: ["trigger"],
  PostCompact: ["trigger"],
  Stop: ["stopHookActive", "lastAssistantMessage"],
  Notification: ["message", "notificationType"],
  PermissionRequest: ["toolName", "toolInput", "toolUseId", "permissionSuggestions"],
  PostToolUseFailure: ["toolName", "toolInput", "toolUseId", "error", "isInterrupt", "durationMs"],
  SubagentStart: [],
  SubagentStop: ["agentTranscriptPath", "lastAssistantMessage", "stopHookActive"],
  StopFailure: ["error", "errorDetails", "lastAssistantMessage"],
  PermissionDenied: ["toolName", "toolInput", "toolUseId", "reason"],
} as const satisfies { [E in EventName]: readonly FieldsOf<E>[] };

// A field declared in src/events.ts but missing above fails to compile here.
type Unlisted = { [E in EventName]: Exclude<FieldsOf<E>, (typeof EVENT_FIELDS)[E][number]> }[EventName];
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

/** The fields every event reads, where the host sends them (src/events.ts SessionFields). */
export const SESSION_FIELDS = ["transcriptPath", "permissionMode", "model", "agentId", "agentType"] as const satisfies readonly (keyof SessionFields)[];

// A session field declared in src/events.ts but missing above fails to compile here.
type UnlistedSessionField = Exclude<keyof SessionFields, (typeof SESSION_FIELDS)[number]>;
const everySessionFieldListed: [UnlistedSessionField] extends [never] ? true : UnlistedSessionField = true;
void everySessionFieldListed;

export type FieldName = { [E in EventName]: FieldsOf<E> }[EventName] | keyof SessionFields | "sessionId" | "projectDir";

/**
 * Where a field lives: dot paths tried in order (the first present wins). `env` names are read
 * from the hook process's environment before the paths.
 */
export interface FieldSource {
  paths?: string[];
  env?: string[];
  /** Host values mapped to ours, e.g. Copilot's source "new" → "startup", resultType "failure" → isError true. */
  values?: Record<string, string | boolean>;
  /** The field is `true` when a path holds anything (Gemini's `tool_response.error` → isError). */
  present?: boolean;
  /** The path holds a count: more than 0 is `true`, 0 is `false` (Cursor's `loop_count` → stopHookActive). */
  count?: boolean;
  /** The path holds message parts: the `text` of the user's text parts, joined (OpenCode's `chat.message`). */
  textParts?: boolean;
  /** The string the host writes for a missing value (Auggie: "[undefined]"), at any depth: read as absent. */
  undefinedAs?: string;
  /**
   * The only events whose payload holds this field at these paths (default: every event that
   * has the field). OpenClaw's `agentId` names the running agent ("main") on every event, and
   * a subagent only on its subagent events.
   */
  on?: readonly EventName[];
}

export type PayloadMap = { [F in FieldName]?: FieldSource };

/** The events about a subagent: where a host's agent key names one (FieldSource `on`). */
export const SUBAGENT_EVENTS = ["SubagentStart", "SubagentStop"] as const satisfies readonly EventName[];

/** The snake_case payload Claude Code defined and many hosts copy. */
export const SNAKE_CASE_PAYLOAD: PayloadMap = {
  sessionId: { paths: ["session_id"] },
  projectDir: { paths: ["cwd"] },
  // Common to every event (code.claude.com/docs/en/hooks, "Common input fields"); `model` on SessionStart.
  transcriptPath: { paths: ["transcript_path"] },
  permissionMode: { paths: ["permission_mode"] },
  model: { paths: ["model"] },
  source: { paths: ["source"] },
  reason: { paths: ["reason"] },
  prompt: { paths: ["prompt"] },
  toolName: { paths: ["tool_name"] },
  toolInput: { paths: ["tool_input"] },
  toolOutput: { paths: ["tool_response"] },
  isError: { paths: ["is_error"] },
  toolUseId: { paths: ["tool_use_id"] },
  error: { paths: ["error"] },
  isInterrupt: { paths: ["is_interrupt"] },
  durationMs: { paths: ["duration_ms"] },
  trigger: { paths: ["trigger"] },
  stopHookActive: { paths: ["stop_hook_active"] },
  message: { paths: ["message"] },
  notificationType: { paths: ["notification_type"] },
  permissionSuggestions: { paths: ["permission_suggestions"] },
  agentId: { paths: ["agent_id"] },
  agentType: { paths: ["agent_type"] },
  agentTranscriptPath: { paths: ["agent_transcript_path"] },
  lastAssistantMessage: { paths: ["last_assistant_message"] },
  errorDetails: { paths: ["error_details"] },
};
