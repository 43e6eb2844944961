import type { EventName } from "../events.ts";
import { EVENT_FIELDS, type FieldName, type PayloadMap } from "./payload-map.ts";
import { isUnknown, namesOfKind, allToolNames, type ToolVocabulary } from "../tools/vocabulary.ts";
import { writeField } from "../tools/fields.ts";

/**
 * Sample values of the normalized fields, as data: `simulate` (no --payload) and `doctor` write
 * them into a host's payload shape through its payload map, so every host gets a sample of every
 * event it has without a file per host. Never loaded by the hook path.
 */
export const SAMPLE_VALUES: Record<FieldName, unknown> = {
  sessionId: "sample-session",
  projectDir: "",
  // Session fields a sample leaves out (""): what a handler may read, not what it needs.
  transcriptPath: "",
  permissionMode: "",
  model: "",
  source: "startup",
  reason: "other",
  prompt: "Run the tests and fix what fails.",
  toolName: "",
  toolInput: { command: "ls" },
  toolOutput: "README.md",
  isError: false,
  toolUseId: "sample-tool-use",
  error: "command failed with exit code 1",
  isInterrupt: false,
  durationMs: 120,
  trigger: "manual",
  stopHookActive: false,
  message: "The agent needs your attention.",
  notificationType: "idle_prompt",
  permissionSuggestions: [],
  agentId: "sample-agent",
  agentType: "general-purpose",
  agentTranscriptPath: "",
  lastAssistantMessage: "Done.",
  errorDetails: "429 Too Many Requests",
};

/** Sample values one event spells its own way: a failed stop's `error` is a kind, not a tool's message. */
const EVENT_SAMPLES: Partial<Record<EventName, Partial<Record<FieldName, unknown>>>> = { StopFailure: { error: "rate_limit" } };

/**
 * Writes `value` at a dot path. A path that runs through a value another field wrote (Codex's
 * `tool_response.isError` under the shell's `tool_response`, a bare string) has no place in this
 * payload: the host sends no such field there (Codex's isError is an MCP result's), nor does the sample.
 */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = (node[key] ??= {});
    if (next === null || typeof next !== "object" || Array.isArray(next)) return;
    node = next as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** The host's spelling of a value: the key of `values` that maps to ours (Copilot's "new" → "startup" stays "startup"). */
function nativeValue(value: unknown, source: NonNullable<PayloadMap[FieldName]>): unknown {
  if (source.present) return value ? { message: String(value) } : undefined;
  if (source.count) return value ? 1 : 0;
  if (source.textParts) return [{ type: "text", text: value }];
  const native = source.values && Object.entries(source.values).find(([, ours]) => ours === value)?.[0];
  return native ?? value;
}

/** A payload for `event` in the shape `map` reads, with `overrides` for fields that depend on the host or machine. */
export function samplePayload(event: EventName, map: PayloadMap, overrides: Partial<Record<FieldName, unknown>> = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  // A sample subagent event names its subagent; other samples come from the main agent.
  const agent = event === "SubagentStart" || event === "SubagentStop" ? (["agentId", "agentType"] as const) : [];
  for (const field of ["sessionId", "projectDir", ...agent, ...EVENT_FIELDS[event]] as FieldName[]) {
    const source = map[field];
    const path = source?.on && !source.on.includes(event) ? undefined : source?.paths?.[0];
    const value = overrides[field] ?? EVENT_SAMPLES[event]?.[field] ?? SAMPLE_VALUES[field];
    if (!source || !path || value === "") continue;
    const native = nativeValue(value, source);
    if (native !== undefined) setPath(payload, path, native);
  }
  return payload;
}

/** The tool a sample tool event calls on a host: its shell tool running `ls`, in the host's own input shape. */
export function sampleTool(tools: ToolVocabulary | undefined): Partial<Record<FieldName, unknown>> {
  const shell = namesOfKind(tools, "shell")[0];
  if (!shell || isUnknown(tools)) return { toolName: allToolNames(tools)[0] ?? "Bash" };
  const ref = tools.shell?.[shell]?.command;
  return { toolName: shell, toolInput: (ref && writeField({}, ref, "ls")) ?? SAMPLE_VALUES.toolInput };
}
