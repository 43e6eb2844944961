import { once } from "../once.ts";
import * as v from "valibot";
import type { EventName } from "../events.ts";

/**
 * Host payload dialects disagree on types; these schemas coerce them to ours. Lenient: a field of
 * the wrong type is absent (or its default), so an odd `session_id: {}` or `cwd: 5` never drops an
 * event whose handler may not even read it. Only the tool name, without which a tool event means
 * nothing, is required.
 */

const text = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);

/** The field's value when it fits `schema`, else absent. */
function lenient<S extends v.GenericSchema>(schema: S): v.OptionalSchema<v.SchemaWithFallback<v.OptionalSchema<S, undefined>, undefined>, undefined>;
/** The field's value when it fits `schema`, else `otherwise`. */
function lenient<S extends v.GenericSchema>(
  schema: S,
  otherwise: v.InferOutput<S>,
): v.OptionalSchema<v.SchemaWithFallback<S, v.InferOutput<S>>, v.InferOutput<S>>;
function lenient(schema: v.GenericSchema, otherwise?: unknown) {
  return otherwise === undefined ? v.optional(v.fallback(v.optional(schema), undefined)) : v.optional(v.fallback(schema, otherwise), otherwise);
}

const inputObject = v.record(v.string(), v.unknown());
const inputText = once(
  (): v.GenericSchema<unknown, Record<string, unknown>> =>
    v.pipe(v.string(), v.parseJson(), v.record(v.string(), v.unknown(), "toolInput is a string that does not hold a JSON object")),
);
/**
 * Tool input arrives as an object, or as a JSON string (Copilot CLI's toolArgs): the string's
 * schema is made by the hosts that send one.
 */
const toolInput = lenient(
  v.lazy((input) => (typeof input === "string" ? inputText() : inputObject)),
  {},
);

/** Tool output is a string, or an object whose text we pick (stdout/stderr, llmContent, …). */
function outputText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.stdout === "string") return [o.stdout, o.stderr].filter((s) => typeof s === "string" && s).join("\n");
    for (const key of ["llmContent", "textResultForLlm", "output", "content", "text"]) {
      if (typeof o[key] === "string") return o[key] as string;
    }
    const parts = textParts(o.llmContent);
    if (parts !== undefined) return parts;
  }
  return JSON.stringify(value);
}

/**
 * A list of text parts, joined: an MCP tool's `llmContent` on Qwen Code 0.24.4 is `[{text}]`
 * (test/fixtures/qwen-code/PostToolUse.mcp.json). Other hosts' part lists (Codex's MCP `content`)
 * stay whole JSON: their `isError` and non-text parts would be lost.
 */
function textParts(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const texts = value.map((p) => (p && typeof p === "object" ? (p as Record<string, unknown>).text : undefined));
  return texts.every((t) => typeof t === "string") ? texts.join("\n") : undefined;
}

/** Made by the events that have one (a hook call builds its own event's schema only). */
const flag = () => lenient(v.boolean());
const optionalText = lenient(text);
/** A value the host may leave empty (Continue's `transcript_path: ""`): empty is absent. */
const nonEmptyText = lenient(v.pipe(v.string(), v.nonEmpty()));

const base = {
  sessionId: lenient(text, ""),
  projectDir: lenient(v.string()),
  hostPlatform: v.string(),
  connectorId: v.string(),
  transcriptPath: nonEmptyText,
  permissionMode: nonEmptyText,
  model: nonEmptyText,
  agentId: optionalText,
  agentType: optionalText,
};
const tool = { ...base, toolName: text, toolInput, toolUseId: optionalText };
const trigger = () => lenient(v.picklist(["auto", "manual"]));

/** Built on first use: a hook call needs one event's schema, not all of them. */
const builders = {
  SessionStart: () =>
    v.object({
      ...base,
      source: lenient(v.picklist(["startup", "compact", "resume", "clear"]), "startup"),
    }),
  SessionEnd: () => v.object({ ...base, reason: optionalText }),
  UserPromptSubmit: () => v.object({ ...base, prompt: lenient(text, "") }),
  PreToolUse: () => v.object(tool),
  PostToolUse: () => v.object({ ...tool, toolOutput: v.optional(v.pipe(v.unknown(), v.transform(outputText))), isError: flag() }),
  PreCompact: () => v.object({ ...base, trigger: trigger() }),
  PostCompact: () => v.object({ ...base, trigger: trigger() }),
  Stop: () => v.object({ ...base, stopHookActive: flag(), lastAssistantMessage: optionalText }),
  Notification: () => v.object({ ...base, message: lenient(text, ""), notificationType: nonEmptyText }),
  PermissionRequest: () => v.object({ ...tool, permissionSuggestions: lenient(v.array(v.unknown())) }),
  PostToolUseFailure: () =>
    v.object({
      ...tool,
      error: v.optional(v.pipe(v.unknown(), v.transform(outputText)), ""),
      isInterrupt: flag(),
      durationMs: lenient(v.number()),
    }),
  SubagentStart: () => v.object(base),
  SubagentStop: () =>
    v.object({
      ...base,
      agentTranscriptPath: lenient(v.string()),
      lastAssistantMessage: optionalText,
      stopHookActive: flag(),
    }),
  StopFailure: () => v.object({ ...base, error: lenient(text, ""), errorDetails: optionalText, lastAssistantMessage: optionalText }),
  PermissionDenied: () => v.object({ ...tool, reason: optionalText }),
} satisfies Record<EventName, () => v.GenericSchema>;

const built: Partial<Record<EventName, v.GenericSchema>> = {};
export const eventSchema = (event: EventName): v.GenericSchema => (built[event] ??= builders[event]());

/** What each event's schema produces; src/core/event-types.ts holds it equal to EventPayloadMap. */
export type EventSchemaOutputs = { [E in EventName]: v.InferOutput<ReturnType<(typeof builders)[E]>> };
