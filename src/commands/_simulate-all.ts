import { ADAPTERS } from "../../adapters/index.ts";
import type { Adapter } from "../adapter.ts";
import type { EventName } from "../events.ts";
import { samplePayload } from "../core/sample-payload.ts";
import { writeField } from "../tools/fields.ts";
import { isUnknown, WHOLE_INPUT, type FieldRef, type NamedKind, type ToolField } from "../tools/vocabulary.ts";
import { UsageError } from "./_fail.ts";

/** The call `--shell CMD`, `--write PATH`… asks for: a kind of tool and the value its key field takes. */
export interface KindCall {
  kind: NamedKind;
  value: string;
  content?: string;
}

const KEY_FIELD: Partial<Record<NamedKind, ToolField>> = {
  shell: "command",
  write: "filePaths",
  edit: "filePaths",
  read: "filePaths",
  fetch: "url",
  search: "query",
};

/** What `--all` rows say for one host: the tool it used, or why the host cannot be asked. */
export interface HostCase {
  host: string;
  tool?: string;
  payload?: Record<string, unknown>;
  skipped?: string;
}

/** A value in the shape `ref` keeps it: a patch names the path in an envelope; a bare-text input is the text itself. */
function place(ref: FieldRef, value: string): Record<string, unknown> | string | undefined {
  const spec = typeof ref === "object" && !Array.isArray(ref) ? (ref as { paths: readonly string[]; patch?: true }) : undefined;
  if (spec?.patch) {
    const text = `*** Begin Patch\n*** Update File: ${value}\n*** End Patch`;
    return spec.paths[0] === WHOLE_INPUT ? text : writeField({}, spec.paths[0]!, text);
  }
  return writeField({}, ref, value);
}

/**
 * For each hook host that has `event` (or those `platforms` names): its own payload for a call of
 * its first tool of the kind whose input has the key field, from its vocabulary.
 */
export function hostCases(event: EventName, call: KindCall, platforms: readonly string[] | undefined): HostCase[] {
  const field = KEY_FIELD[call.kind]!;
  const hosts = ADAPTERS.filter((a) => (platforms ? platforms.includes(a.id) : a.paradigm !== "mcp-only"));
  for (const id of platforms ?? []) if (!hosts.some((a) => a.id === id)) throw new UsageError(`unknown host "${id}" in --platforms`);
  return hosts.map((adapter: Adapter): HostCase => {
    if (!adapter.events[event]) return { host: adapter.id, skipped: `no ${event} hook` };
    if (isUnknown(adapter.tools)) return { host: adapter.id, skipped: "its tool names are unknown" };
    const tools = adapter.tools[call.kind] ?? {};
    for (const [name, fields] of Object.entries(tools)) {
      const ref = fields[field];
      const input = ref && place(ref, call.value);
      if (input === undefined) continue;
      const withContent = call.content !== undefined && fields.content && typeof input === "object" ? writeField(input, fields.content, call.content) : input;
      const payload = samplePayload(event, adapter.payload, { toolName: name, toolInput: withContent ?? input, projectDir: process.cwd() });
      return { host: adapter.id, tool: name, payload };
    }
    return { host: adapter.id, skipped: `no @${call.kind} tool with a ${field} field` };
  });
}

/** The kind call the options ask for; at most one kind. */
export function kindCall(args: Record<string, unknown>): KindCall | undefined {
  const given = (["shell", "write", "edit", "read", "fetch", "search"] as const).filter((kind) => typeof args[kind] === "string");
  if (given.length > 1) throw new UsageError(`--${given.join(", --")}: give one kind of call`);
  const kind = given[0];
  if (!kind) return undefined;
  return { kind, value: args[kind] as string, ...(typeof args.content === "string" ? { content: args.content } : {}) };
}
