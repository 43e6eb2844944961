import type { EventName, EventPayloadMap } from "../events.ts";
import { EVENT_FIELDS, SUBAGENT_EVENTS, type FieldName } from "./payload-map.ts";

/** The fields optional on some event that carries them: FIELD_DOCS must say `optional` for exactly these. */
type OptionalOn<E extends EventName> = { [K in keyof EventPayloadMap[E]]-?: object extends Pick<EventPayloadMap[E], K> ? K : never }[keyof EventPayloadMap[E]];
type OptionalField = { [E in EventName]: OptionalOn<E> }[EventName];

/** A field as docs/connector.md's events table shows it: its type where it is a closed set, and words on the events that need them. */
type FieldDoc<F extends string> = (F extends OptionalField ? { optional: true } : { optional?: never }) & {
  /** The closed set of values, as TypeScript spells it. */
  type?: string;
  /** Words in parentheses after the field, on these events' rows only. */
  about?: Partial<Record<EventName, string>>;
};

/**
 * Every normalized field an event row can show (`tool` is computed, src/tools/view.ts): the type
 * checker asks for a new field's entry, and for `optional` where src/events.ts makes it optional.
 */
export const FIELD_DOCS: { [F in FieldName | "tool"]: FieldDoc<F> } = {
  sessionId: {},
  projectDir: { optional: true },
  transcriptPath: { optional: true },
  permissionMode: { optional: true },
  model: { optional: true },
  agentId: { optional: true },
  agentType: { optional: true, about: { SubagentStart: "the subagent that starts" } },
  source: { type: '"startup" | "compact" | "resume" | "clear"' },
  reason: { optional: true, about: { PermissionDenied: "the host's why, where it sends one" } },
  prompt: {},
  toolName: {},
  toolInput: {},
  tool: {},
  toolUseId: { optional: true, about: { PreToolUse: "the host's id of the call, the same on its Post events" } },
  toolOutput: { optional: true, about: { PostToolUse: "text" } },
  isError: { optional: true },
  trigger: { optional: true, type: '"auto" | "manual"' },
  stopHookActive: { optional: true },
  lastAssistantMessage: { optional: true, about: { Stop: "the agent's last reply, where the host sends it" } },
  message: {},
  notificationType: {
    optional: true,
    about: { Notification: "the host's kind of notice: Claude Code's `permission_prompt`, `idle_prompt`…" },
  },
  permissionSuggestions: { optional: true },
  error: {
    about: {
      StopFailure: "the kind of failure in the host's words: Claude Code's `rate_limit`, `server_error`…, Kimi's exception class",
    },
  },
  isInterrupt: { optional: true },
  durationMs: { optional: true },
  agentTranscriptPath: { optional: true },
  errorDetails: { optional: true, about: { StopFailure: "its message" } },
};

/** The fields an event's row lists: the subagent's on subagent events, then the event's own, `tool` after `toolInput`. */
export function rowFields(event: EventName): (FieldName | "tool")[] {
  const own = EVENT_FIELDS[event].flatMap((field): (FieldName | "tool")[] => (field === "toolInput" ? [field, "tool"] : [field]));
  return [...((SUBAGENT_EVENTS as readonly EventName[]).includes(event) ? (["agentId", "agentType"] as const) : []), ...own];
}

/** One field as the events table shows it, e.g. `` `trigger?: "auto" | "manual"` `` or `` `toolUseId?` (the host's id…) ``. */
export function fieldCell(field: FieldName | "tool", event: EventName): string {
  const doc: { optional?: true; type?: string; about?: Partial<Record<EventName, string>> } = FIELD_DOCS[field];
  const name = `${field}${doc.optional ? "?" : ""}${doc.type ? `: ${doc.type}` : ""}`.replaceAll("|", "\\|");
  const about = doc.about?.[event];
  return `\`${name}\`${about ? ` (${about})` : ""}`;
}
