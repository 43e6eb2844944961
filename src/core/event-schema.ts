import * as v from "valibot";
import type { EventName } from "../events.ts";

/** Host payload dialects disagree on types; these schemas coerce them to ours or reject. */

const text = v.union([
  v.string(),
  v.pipe(v.number(), v.transform(String)),
]);

/** Tool input arrives as an object, or as a JSON string (Copilot CLI's toolArgs). */
const toolInput = v.optional(
  v.union([
    v.record(v.string(), v.unknown()),
    v.pipe(
      v.string(),
      v.parseJson(),
      v.record(v.string(), v.unknown(), "toolInput is a string that does not hold a JSON object"),
    ),
  ]),
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
  }
  return JSON.stringify(value);
}

const base = {
  sessionId: v.optional(text, ""),
  projectDir: v.optional(v.string()),
  hostPlatform: v.string(),
  connectorId: v.string(),
};
const tool = { ...base, toolName: text, toolInput };
const flag = v.optional(v.boolean());
const trigger = v.optional(v.fallback(v.picklist(["auto", "manual"]), undefined as never));

/** Built on first use: a hook call needs one event's schema, not thirteen. */
const builders = {
  SessionStart: () => v.object({
    ...base,
    source: v.optional(v.fallback(v.picklist(["startup", "compact", "resume", "clear"]), "startup"), "startup"),
  }),
  SessionEnd: () => v.object({ ...base, reason: v.optional(text) }),
  UserPromptSubmit: () => v.object({ ...base, prompt: v.optional(text, "") }),
  PreToolUse: () => v.object(tool),
  PostToolUse: () => v.object({ ...tool, toolOutput: v.optional(v.pipe(v.unknown(), v.transform(outputText))), isError: flag }),
  PreCompact: () => v.object({ ...base, trigger }),
  PostCompact: () => v.object({ ...base, trigger }),
  Stop: () => v.object({ ...base, stopHookActive: flag }),
  Notification: () => v.object({ ...base, message: v.optional(text, "") }),
  PermissionRequest: () => v.object({ ...tool, permissionSuggestions: v.optional(v.array(v.unknown())) }),
  PostToolUseFailure: () => v.object({
    ...tool,
    toolUseId: v.optional(text),
    error: v.optional(v.pipe(v.unknown(), v.transform(outputText)), ""),
    isInterrupt: flag,
    durationMs: v.optional(v.number()),
  }),
  SubagentStart: () => v.object({ ...base, agentId: v.optional(text), agentType: v.optional(text) }),
  SubagentStop: () => v.object({
    ...base,
    agentId: v.optional(text),
    agentType: v.optional(text),
    agentTranscriptPath: v.optional(v.string()),
    lastAssistantMessage: v.optional(text),
    stopHookActive: flag,
  }),
} satisfies Record<EventName, () => v.GenericSchema>;

const built: Partial<Record<EventName, v.GenericSchema>> = {};
export const eventSchema = (event: EventName): v.GenericSchema => (built[event] ??= builders[event]());

/** What each event's schema produces; src/core/event-types.ts holds it equal to EventPayloadMap. */
export type EventSchemaOutputs = { [E in EventName]: v.InferOutput<ReturnType<(typeof builders)[E]>> };
