/**
 * A host's own PreToolUse payload for any of its tools, built from its adapter's vocabulary and its
 * test record's fixture: the tool's name and an input in the host's shape, written where the
 * fixture keeps them. Shared by the kind suites (test/tool-kinds.test.ts, test/vocabulary.test.ts).
 */
import { ADAPTERS } from "../../adapters/index.ts";
import type { Adapter } from "../../src/adapter.ts";
import { normalizeEvent } from "../../src/core/normalize.ts";
import { WHOLE_INPUT, type FieldRef } from "../../src/tools/vocabulary.ts";
import { respond } from "./decisions.ts";
import type { Sandbox } from "./harness.ts";
import { recordOf, recordPayload } from "../hosts-data/lookup.ts";
import type { Json } from "../hosts-data/record.ts";

export const hookHosts = ADAPTERS.filter(
  (a) => a.events.PreToolUse && (a.hooks.kind === "hook-file" || a.hooks.kind === "hooks-folder" || a.hooks.kind === "plugin-module"),
);
/** Hosts whose calls are their own (Kilo Code loads Kilo CLI's module: its calls are Kilo CLI's). */
export const callingHosts = hookHosts.filter((a) => !(a.hooks.kind === "plugin-module" && a.hooks.module.sharesModuleOf));

/** A host's PreToolUse payload from its test record's fixture. */
export function fixtureOf(adapter: Adapter, box: Sandbox): Json | undefined {
  const record = recordOf(adapter.id);
  return record.fixtures.PreToolUse ? recordPayload(record, "PreToolUse", box) : undefined;
}

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Json)[k] : undefined), value);
export function setAt(target: Json, path: string, value: unknown): Json {
  const [head, ...rest] = path.split(".");
  return { ...target, [head!]: rest.length ? setAt((target[head!] as Json) ?? {}, rest.join("."), value) : value };
}

/**
 * The payload with another tool call in it, written where the fixture keeps the tool's name and
 * input; a text input (a freeform tool's bare argument) is written as that text.
 */
export function withCall(adapter: Adapter, payload: Json, name: string, input: Json | string): Json {
  if (adapter.input?.kind === "env") {
    // Mux: the name and the input (JSON) in environment variables, under every name the fixture sets.
    const out = { ...payload };
    for (const [field, value] of [
      ["tool_name", name],
      ["tool_input", typeof input === "string" ? input : JSON.stringify(input)],
    ] as const)
      for (const v of adapter.input.fields[field]!.vars) if (v in out) out[v] = value;
    return out;
  }
  const nameSource = adapter.payload.toolName!;
  const namePath = nameSource.paths!.find((p) => at(payload, p) !== undefined)!;
  // A host that has no name field (Windsurf: the kind of hook): the native value that means this tool.
  const native = nameSource.values ? (Object.entries(nameSource.values).find(([, ours]) => ours === name)?.[0] ?? name) : name;
  const inputPath = adapter.payload.toolInput!.paths!.find((p) => at(payload, p) !== undefined) ?? adapter.payload.toolInput!.paths![0]!;
  return setAt(setAt(payload, namePath, native), inputPath, input);
}

/** A first path of a field reference, and whether it holds a list, an argv or a patch. */
export function refShape(ref: FieldRef): { path: string; shape: "text" | "list" | "argv" | "patch" } {
  if (typeof ref === "string") return { path: ref, shape: "text" };
  if (Array.isArray(ref)) return { path: ref[0]!, shape: "text" };
  const r = ref as { paths: string[]; list?: true; argv?: true; patch?: true };
  return { path: r.paths[0]!, shape: r.patch ? "patch" : r.argv ? "argv" : r.list ? "list" : "text" };
}

/** `value` put at `path` of an empty input; `*` makes a one-item list; WHOLE_INPUT is the input itself. */
export function inputAt(path: string, value: unknown): Json | string {
  if (path === WHOLE_INPUT) return value as string;
  const star = path.split(".").indexOf("*");
  if (star < 0) return setAt({}, path, value);
  const keys = path.split(".");
  return setAt({}, keys.slice(0, star).join("."), [inputAt(keys.slice(star + 1).join("."), value)]);
}

/** An input of a tool whose `ref` says where its files are, naming `file` in that shape. */
export function inputNaming(ref: FieldRef, file: string): Json | string {
  const { path, shape } = refShape(ref);
  const value = shape === "patch" ? `*** Begin Patch\n*** Add File: ${file}\n+SECRET=1\n*** End Patch` : shape === "list" ? [file] : file;
  return inputAt(path, value);
}

/** An input of a tool whose `ref` says where its command is, holding `command` in that shape. */
export function inputRunning(ref: FieldRef | undefined, command: string): Json | string {
  if (!ref) return {};
  const { path, shape } = refShape(ref);
  return inputAt(path, shape === "list" ? [command] : shape === "argv" ? ["bash", "-lc", command] : command);
}

const tools = (adapter: Adapter) => ({ tools: adapter.tools, mcpName: adapter.mcp?.toolName });
/** The event a handler gets from `payload` on `adapter`'s host, normalized in this process. */
export const normalized = (adapter: Adapter, payload: Json) =>
  normalizeEvent("PreToolUse", adapter.input?.kind === "env" ? envObject(adapter, payload) : payload, adapter.payload, {
    hostPlatform: adapter.id,
    connectorId: "kinds",
    env: {},
    tools: tools(adapter),
  }) as unknown as {
    toolName: string;
    toolInput: Json;
    tool: { kind: string; command?: string; filePaths?: string[] };
  };
/** Mux's variables gathered as its adapter gathers them (the first set variable of each field). */
function envObject(adapter: Adapter, vars: Json): Json {
  if (adapter.input?.kind !== "env") return vars;
  const out: Json = {};
  for (const [field, spec] of Object.entries(adapter.input.fields)) {
    const value = spec.vars.map((v) => vars[v]).find((v) => v !== undefined);
    if (value !== undefined) out[field] = spec.json ? JSON.parse(String(value)) : value;
  }
  return out;
}

/** A connector's reply to `payload` on `host`, and the reply to `response` written in the host's own words (`reference`: writeScriptedConfig). */
export function bothReplies(box: Sandbox, config: string, reference: string, host: string, payload: Json, response: unknown) {
  const mine = box.hook(host, "PreToolUse", payload, { config });
  const theirs = respond(box, reference, host, "PreToolUse", payload, response);
  return {
    mine: { stdout: mine.stdout, exitCode: mine.exitCode, stderr: mine.stderr },
    theirs: { stdout: theirs.stdout, exitCode: theirs.exitCode, stderr: theirs.stderr },
  };
}
