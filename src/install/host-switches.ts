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

/** The setting as the user would find it in the file. */
function settingText({ format, key, value }: HookSwitch): string {
  if (format === "toml") return key.length > 1 ? `[${key.slice(0, -1).join(".")}] ${key.at(-1)} = ${value}` : `${key[0]} = ${value}`;
  return key.reduceRight<string>((inner, part) => `"${part}": ${inner.startsWith('"') ? `{ ${inner} }` : inner}`, String(value));
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
export function switchesAgainst(adapter: Adapter, scope: Scope, paths: PathContext): SwitchFinding[] {
  const decided = new Map<string, { switch: HookSwitch; file: string; value: unknown }>();
  for (const entry of readings(adapter, scope, paths)) {
    if (entry.switch.effect === "gate" || !("set" in entry.reading) || !entry.reading.set) continue;
    const group = `${entry.switch.apart ? entry.file : ""}:${entry.switch.key.join(".")}`;
    decided.set(group, { switch: entry.switch, file: entry.file, value: entry.reading.value });
  }
  return [...decided.values()]
    .filter(({ switch: s, value }) => value === s.value && (s.affects ?? ["user", "project"]).includes(scope))
    .map(({ switch: s, file }) => {
      const setting = settingText(s);
      return { setting, file, effect: s.effect, message: `${setting} in ${file} ${s.does}`, source: s.source };
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
export function hostSwitchWarnings(adapter: Adapter, scope: Scope, paths: PathContext): string[] {
  const gates = readings(adapter, scope, paths)
    .filter((entry) => entry.switch.effect === "gate")
    .map((entry) => gateReport(adapter, entry, paths));
  const silenced = switchesAgainst(adapter, scope, paths).map(
    (f) => `${adapter.name}: ${f.message}: the hooks written here do not run until that setting goes (agent-connector leaves it to you).`,
  );
  return [...gates.filter((line) => line !== undefined), ...silenced];
}

/** `explain`: every switch that counts for `scope` on this host, where it is read, and whether it silences these hooks now. */
export function switchList(adapter: Adapter, scope: Scope, paths: PathContext) {
  const now = switchesAgainst(adapter, scope, paths);
  return readings(adapter, scope, paths)
    .filter((entry) => entry.switch.effect === "gate" || (entry.switch.affects ?? ["user", "project"]).includes(scope))
    .map(({ switch: s, file }) => ({
      setting: settingText(s),
      file,
      effect: s.effect,
      does: s.does,
      silencesNow: now.some((f) => f.file === file && f.setting === settingText(s)),
      source: s.source,
    }));
}

/** `explain`'s lines: per host, the settings that would switch these hooks off, and those that do now. */
export function switchLines(entries: readonly { host: string; list: ReturnType<typeof switchList> }[], tilde: (path: string) => string): string[] {
  return entries.flatMap(({ host, list }) => {
    const settings = new Map<string, string[]>();
    for (const s of list.filter((s) => s.effect !== "gate")) settings.set(s.setting, [...(settings.get(s.setting) ?? []), tilde(s.file)]);
    const lines = settings.size ? [`  ${host}: ${[...settings].map(([setting, files]) => `${setting} (${files.join(", ")})`).join("; ")}`] : [];
    return [...lines, ...list.filter((s) => s.silencesNow).map((s) => `  ${host}: INACTIVE now — ${s.setting} in ${tilde(s.file)} ${s.does}`)];
  });
}
