import { getNodeValue } from "jsonc-parser";
import type { Adapter, HookSwitch, PathContext, Scope } from "../adapter.ts";
import { readText } from "../host-config/files.ts";
import { nodeAt, parseJsonc } from "../host-config/jsonc-text.ts";
import { parseToml } from "../host-config/toml-text.ts";

/**
 * The host's own switches over its hooks (each adapter's `hookSwitches`, with their sources):
 * `disableAllHooks` in Claude Code's settings, `[features] hooks = false` in Codex's config, a
 * managed policy that lets only managed hooks run. A guard switched off this way is installed and
 * current, and runs nowhere: install warns, `status` and `doctor` call it inactive.
 */

/** A switch found set against our hooks, for reports and `--json`. */
export interface SwitchFinding {
  /** The setting as its file writes it: `"disableAllHooks": true`, `[features] hooks = false`. */
  setting: string;
  file: string;
  effect: HookSwitch["effect"];
  /** The whole sentence: setting, file, what it does. */
  message: string;
  source: string;
}

/** A file's value at a key path; `unreadable` when the file cannot be parsed (the host reads it no better). */
type Reading = { set: false } | { set: true; value: unknown } | { unreadable: true };

function read(file: string, format: HookSwitch["format"], key: readonly string[]): Reading {
  let text: string | null;
  try {
    text = readText(file);
  } catch {
    return { unreadable: true };
  }
  if (text === null) return { set: false };
  try {
    if (format === "json") {
      const node = nodeAt(parseJsonc(text, file), [...key]);
      return node ? { set: true, value: getNodeValue(node) } : { set: false };
    }
    let at: unknown = parseToml(text, file);
    for (const part of key) {
      if (at === null || typeof at !== "object" || !(part in at)) return { set: false };
      at = (at as Record<string, unknown>)[part];
    }
    return { set: true, value: at };
  } catch {
    return { unreadable: true };
  }
}

/** The setting as the user would find it in the file (`value`: the names of ours it lists, for a list of names). */
function settingText({ format, key, value }: HookSwitch, listed: readonly string[] = []): string {
  const shown =
    value === "our-hook-names" ? (format === "toml" ? `[${listed.map((n) => JSON.stringify(n)).join(", ")}]` : JSON.stringify(listed)) : String(value);
  if (format === "toml") return key.length > 1 ? `[${key.slice(0, -1).join(".")}] ${key.at(-1)} = ${shown}` : `${key[0]} = ${shown}`;
  return key.reduceRight<string>((inner, part) => `"${part}": ${inner.startsWith('"') ? `{ ${inner} }` : inner}`, shown);
}

/** The names install gives this connector's handlers on the host (Gemini CLI: `agent-connector-<id>-<event>`). */
function ourHookNames(adapter: Adapter, connectorId: string): string[] {
  const extras = adapter.hooks.kind === "hook-file" ? adapter.hooks.file.handlerExtras : undefined;
  if (!extras) return [];
  return Object.entries(adapter.events).flatMap(([ours, event]) => {
    const name = event ? extras({ connectorId, event, ours }).name : undefined;
    return typeof name === "string" ? [name] : [];
  });
}

/** Which of our hooks a value silences: all of them (`[]`), some (their names), or none (undefined). */
function silenced(s: HookSwitch, value: unknown, names: readonly string[]): string[] | undefined {
  if (s.value !== "our-hook-names") return value === s.value ? [] : undefined;
  const listed = Array.isArray(value) ? names.filter((name) => value.includes(name)) : [];
  return listed.length ? listed : undefined;
}

/** The switches that count for an install at `scope`, each with what its files hold. */
function readings(adapter: Adapter, scope: Scope, paths: PathContext) {
  return (adapter.hookSwitches ?? [])
    .filter((s) => s.layer !== "project" || scope === "project")
    .map((s) => {
      const file = s.file(paths);
      return { switch: s, file, reading: read(file, s.format, s.key) };
    });
}

/**
 * The switches that silence an install of `adapter` at `scope`. One setting read from several
 * layers (the same key) is decided by the last layer, in the adapter's order, that sets it.
 */
export const switchesAgainst = (adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): SwitchFinding[] =>
  decide(adapter, scope, paths, connectorId).map(({ finding }) => finding);

function decide(adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): { switch: HookSwitch; finding: SwitchFinding }[] {
  const decided = new Map<string, { switch: HookSwitch; file: string; value: unknown }>();
  for (const entry of readings(adapter, scope, paths)) {
    if (entry.switch.effect === "gate" || !("set" in entry.reading) || !entry.reading.set) continue;
    const apart = entry.switch.apart || entry.switch.value === "our-hook-names";
    decided.set(`${apart ? entry.file : ""}:${entry.switch.key.join(".")}`, { switch: entry.switch, file: entry.file, value: entry.reading.value });
  }
  const names = ourHookNames(adapter, connectorId);
  return [...decided.values()].flatMap(({ switch: s, file, value }) => {
    const listed = silenced(s, value, names);
    if (!listed || !(s.affects ?? ["user", "project"]).includes(scope)) return [];
    const setting = settingText(s, listed);
    return [{ switch: s, finding: { setting, file, effect: s.effect, message: `${setting} in ${file} ${s.does}`, source: s.source } }];
  });
}

/** What install says about a "gate" switch (Mistral Vibe 2.18's `enable_experimental_hooks`): its state, never set by us. */
function gateReport(adapter: Adapter, entry: ReturnType<typeof readings>[number], paths: PathContext): string | undefined {
  const { switch: gate, file, reading } = entry;
  const key = gate.key.join(".");
  if ("unreadable" in reading)
    return `${adapter.name}: ${file} cannot be read as ${gate.format.toUpperCase()}, so whether \`${key}\` is on is unknown (versions that gate hooks need it on).`;
  const value = reading.set ? reading.value : undefined;
  const fromEnv = gate.env ? paths.env[gate.env] : undefined;
  if (fromEnv?.toLowerCase() === String(gate.value) || value === gate.value)
    return `${adapter.name}: \`${key}\` is on (${value === gate.value ? file : gate.env}): versions that gate hooks behind it will run them.`;
  if (value === !gate.value)
    return `${adapter.name}: \`${key} = ${value}\` in ${file}: versions that gate hooks behind it will not run them; agent-connector leaves this switch to you.`;
  return undefined;
}

/** Install's warnings: each switch that silences what it writes, and the state of a version gate. */
export function hostSwitchWarnings(adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): string[] {
  const gates = readings(adapter, scope, paths)
    .filter((entry) => entry.switch.effect === "gate")
    .map((entry) => gateReport(adapter, entry, paths));
  const found = switchesAgainst(adapter, scope, paths, connectorId).map(
    (f) => `${adapter.name}: ${f.message}: the hooks written here do not run until that setting goes (agent-connector leaves it to you).`,
  );
  return [...gates.filter((line) => line !== undefined), ...found];
}

/** `explain`: every switch that counts for `scope` on this host, where it is read, and whether it silences these hooks now. */
export function switchList(adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string) {
  const now = decide(adapter, scope, paths, connectorId);
  return readings(adapter, scope, paths)
    .filter((entry) => entry.switch.effect === "gate" || (entry.switch.affects ?? ["user", "project"]).includes(scope))
    .map(({ switch: s, file }) => {
      const setting = s.value === "our-hook-names" ? settingText(s, ["<hook name>"]) : settingText(s);
      const current = now.find((d) => d.switch === s && d.finding.file === file)?.finding;
      return { setting, file, effect: s.effect, does: s.does, ...(current ? { now: current.setting } : {}), source: s.source };
    });
}

/** `explain`'s lines: per host, the settings that would switch these hooks off, and those that do now. */
export function switchLines(entries: readonly { host: string; list: ReturnType<typeof switchList> }[], tilde: (path: string) => string): string[] {
  return entries.flatMap(({ host, list }) => {
    const settings = new Map<string, string[]>();
    for (const s of list.filter((s) => s.effect !== "gate")) settings.set(s.setting, [...(settings.get(s.setting) ?? []), tilde(s.file)]);
    const lines = settings.size ? [`  ${host}: ${[...settings].map(([setting, files]) => `${setting} (${files.join(", ")})`).join("; ")}`] : [];
    return [...lines, ...list.flatMap((s) => (s.now ? [`  ${host}: INACTIVE now — ${s.now} in ${tilde(s.file)} ${s.does}`] : []))];
  });
}
