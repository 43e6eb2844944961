import * as v from "valibot";
import type { AnyEvent, EventName, HostAbilities } from "../events.ts";
import { EVENT_FIELDS, SESSION_FIELDS, type FieldName, type FieldSource, type PayloadMap } from "./payload-map.ts";
import { eventSchema } from "./event-schema.ts";
import { toolView, type ToolContext } from "../tools/view.ts";
import { WHOLE_INPUT } from "../tools/vocabulary.ts";

function at(payload: unknown, path: string): unknown {
  let value = payload;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A text part the user wrote, not one the host added (OpenCode marks those `synthetic`). */
function isUserText(part: unknown): part is { text: string } {
  const p = part as { type?: unknown; text?: unknown; synthetic?: unknown } | null | undefined;
  return p?.type === "text" && typeof p.text === "string" && !p.synthetic;
}

/** A copy without the host's stand-in for undefined: such a property is left out, such an array item is null. */
function withoutMarker(value: unknown, marker: string): unknown {
  if (value === marker) return undefined;
  if (Array.isArray(value)) return value.map((item) => withoutMarker(item, marker) ?? null);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== marker) out[key] = withoutMarker(item, marker);
  return out;
}

function read(source: FieldSource | undefined, payload: unknown, env: Record<string, string | undefined>, event?: EventName): unknown {
  if (!source || (event && source.on && !source.on.includes(event))) return undefined;
  let value: unknown;
  for (const name of source.env ?? [])
    if (env[name]) {
      value = env[name];
      break;
    }
  const marker = source.undefinedAs;
  if (value === undefined)
    for (const path of source.paths ?? [])
      if ((value = marker === undefined ? at(payload, path) : withoutMarker(at(payload, path), marker)) !== undefined) break;
  // Keys are text: a boolean is looked up by its name (Cline's `success: false` → isError true).
  if ((typeof value === "string" || typeof value === "boolean") && source.values && Object.hasOwn(source.values, String(value)))
    value = source.values[String(value)];
  if (source.count && typeof value === "number") return value > 0;
  if (source.present) return value === undefined || value === null ? undefined : true;
  if (source.textParts && Array.isArray(value))
    return value
      .filter(isUserText)
      .map((part) => part.text)
      .join("\n");
  return value;
}

export interface NormalizeContext {
  hostPlatform: string;
  connectorId: string;
  env: Record<string, string | undefined>;
  /** The calling host's tool vocabulary, for a tool event's `tool` view. */
  tools?: ToolContext;
  /** What the calling host honours on this event: `event.host.can` (src/core/host-abilities.ts). */
  can?: HostAbilities;
}

/**
 * The input a tool view reads: the tool's input object, or, where the host sent a bare text that
 * holds no JSON object (Copilot CLI's freeform apply_patch: the patch itself), that text as
 * WHOLE_INPUT. `raw` is read only then: an object input costs nothing more.
 */
function viewInput(input: unknown, raw: () => unknown): Record<string, unknown> {
  if (input !== null && typeof input === "object" && Object.keys(input).length) return input as Record<string, unknown>;
  const text = raw();
  return typeof text === "string" && text.trim() ? { [WHOLE_INPUT]: text } : ((input as Record<string, unknown> | undefined) ?? {});
}

/** Host payload → the normalized event, validated; throws a readable error when it does not fit. */
export function normalizeEvent(event: EventName, payload: unknown, map: PayloadMap, ctx: NormalizeContext): AnyEvent {
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    throw new Error("stdin is not a JSON object");
  }
  const fields: Record<string, unknown> = {
    hostPlatform: ctx.hostPlatform,
    connectorId: ctx.connectorId,
    sessionId: read(map.sessionId, payload, ctx.env),
    projectDir: read(map.projectDir, payload, ctx.env),
  };
  for (const field of [...SESSION_FIELDS, ...EVENT_FIELDS[event]] as readonly FieldName[]) {
    const value = read(map[field], payload, ctx.env, event);
    if (value !== undefined && value !== null) fields[field] = value;
  }
  const result = v.safeParse(eventSchema(event), fields);
  if (!result.success) {
    const issue = result.issues[0];
    throw new Error(`${event} payload: ${v.getDotPath(issue) ?? ""}: ${issue.message}`);
  }
  const output = result.output as Record<string, unknown>;
  if (typeof output.toolName === "string") {
    output.tool = toolView(
      ctx.tools ?? {},
      output.toolName,
      viewInput(output.toolInput, () => read(map.toolInput, payload, ctx.env)),
    );
  }
  const normalized = { ...output, raw: payload };
  // Not enumerable: the event's JSON (logs, tests, a handler's spread) stays the host's call alone.
  if (ctx.can) Object.defineProperty(normalized, "host", { value: { id: ctx.hostPlatform, can: ctx.can }, enumerable: false });
  return normalized as AnyEvent;
}
