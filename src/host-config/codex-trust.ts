import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { getNodeValue } from "jsonc-parser";
import type { PathContext, Scope } from "../adapter.ts";
import { readText } from "./files.ts";
import { nodeAt, parseJsonc } from "./jsonc-text.ts";
import { appendBlock, eolOf, parseToml, removeBlock, renderTable, replaceBlock, sameData, tableBlocks, type TomlDoc } from "./toml-text.ts";

/**
 * Codex runs a user or project hook only once it is trusted, and skips an untrusted one silently
 * (docs/hosts/codex.md "Quirks from real runs"). Trust lives in $CODEX_HOME/config.toml:
 *   [hooks.state."<abs hooks.json>:<event_label>:<group index>:<handler index>"]
 *   enabled = true
 *   trusted_hash = "sha256:…"
 * Key and hash as openai/codex codex-rs/hooks/src/engine/discovery.rs builds them (`hook_key`,
 * `command_hook_hash` → config `version_for_toml`). Keys are positions, so after every change of
 * hooks.json the trust of all our handlers is written again, and user handlers our edit moved
 * keep theirs under their new key.
 */

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortKeys((value as TomlDoc)[key])]),
        )
      : value;

/** Codex's event label: PreToolUse → pre_tool_use. */
export const codexEventLabel = (event: string): string => event.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase();

/** Events whose matcher Codex drops before hashing (discovery.rs `matcher_pattern_for_event`). */
const NO_MATCHER = new Set(["user_prompt_submit", "stop", "interrupt"]);

/** Events Codex gives a few seconds at most, whatever the hook says: the hash holds the clamped value. */
const SHORT_TIMEOUT = new Set(["session_end", "interrupt"]);

export interface CodexHandler {
  command: string;
  timeout?: number;
  async?: boolean;
  statusMessage?: string;
}

/**
 * sha256 over the key-sorted compact JSON of the normalized identity, as Codex sees it after a TOML
 * round trip (absent fields dropped): timeout defaults to 600 s; SessionEnd's and Interrupt's default
 * to 1 and are clamped to 1–3 (Codex 0.171.0's own hooks/list hashed our 30 s Interrupt hook as 3 s).
 */
export function codexHookHash(label: string, matcher: string | undefined, handler: CodexHandler): string {
  const timeout = SHORT_TIMEOUT.has(label) ? Math.min(3, Math.max(1, handler.timeout ?? 1)) : Math.max(1, handler.timeout ?? 600);
  const normalized = {
    type: "command",
    command: handler.command,
    timeout,
    async: handler.async === true,
    ...(handler.statusMessage != null ? { statusMessage: handler.statusMessage } : {}),
  };
  const identity = { event_name: label, ...(matcher != null && !NO_MATCHER.has(label) ? { matcher } : {}), hooks: [normalized] };
  return `sha256:${createHash("sha256")
    .update(JSON.stringify(sortKeys(identity)))
    .digest("hex")}`;
}

interface Hook {
  key: string;
  event: string;
  hash: string;
  ours: boolean;
}

/** The hooks.json change the trust must follow. */
export interface TrustContext {
  paths: PathContext;
  scope: Scope;
  /** hooks.json's text before and after the change; null = no file. */
  before: string | null;
  after: string | null;
  /** Recognises the handlers any connector of ours wrote. */
  isOurs: (command: string) => boolean;
  /** Notes say what would happen. */
  dryRun?: boolean;
}

/** The new text of config.toml, and what changed, for reports. */
export interface TrustChange {
  /** null = remove the file. */
  after: string | null;
  /** Whether trust entries of ours remain: only when none do may uninstall restore the original bytes. */
  oursRemain: boolean;
  notes: string[];
  details?: Record<string, unknown>;
  warnings: string[];
  /** What the user has to do when the file cannot be written. */
  manualSteps: string;
}

/** Every command handler of a hooks.json with its trust key and current hash. */
function hooksIn(text: string | null, file: string, isOurs: (command: string) => boolean): Hook[] {
  if (!text?.trim()) return [];
  const map = nodeAt(parseJsonc(text, file), ["hooks"]);
  const events = map ? (getNodeValue(map) as Record<string, unknown>) : {};
  const hooks: Hook[] = [];
  for (const [event, groups] of Object.entries(events ?? {})) {
    if (!Array.isArray(groups)) continue;
    const label = codexEventLabel(event);
    groups.forEach((group, g) => {
      const matcher = typeof group?.matcher === "string" ? group.matcher : undefined;
      (Array.isArray(group?.hooks) ? group.hooks : []).forEach((h: Record<string, unknown>, i: number) => {
        if (h?.type !== "command" || typeof h.command !== "string" || !h.command.trim()) return;
        const handler: CodexHandler = {
          command: h.command,
          timeout: typeof h.timeout === "number" ? h.timeout : undefined,
          async: h.async === true,
          statusMessage: typeof h.statusMessage === "string" ? h.statusMessage : undefined,
        };
        hooks.push({ key: `${file}:${label}:${g}:${i}`, event, hash: codexHookHash(label, matcher, handler), ours: isOurs(h.command) });
      });
    });
  }
  return hooks;
}

/** Whether a state key belongs to a handler of ours (unknown → yes: never restore over it). */
function keyIsOurs(key: string, isOurs: (command: string) => boolean): boolean {
  const file = /^(.*):[a-z_]+:\d+:\d+$/.exec(key)?.[1];
  if (!file?.endsWith("hooks.json")) return false;
  try {
    return hooksIn(readText(file), file, isOurs).find((h) => h.key === key)?.ours ?? false;
  } catch {
    return true;
  }
}

type State = Record<string, Record<string, unknown>>;

/** The desired state per key (null: remove) for one hooks.json, from its text before and after our edit. */
function plan(file: string, ctx: TrustContext, state: State): Map<string, Record<string, unknown> | null> {
  const before = hooksIn(ctx.before, file, ctx.isOurs);
  const after = hooksIn(ctx.after, file, ctx.isOurs);
  const wanted = new Map<string, Record<string, unknown> | null>();
  const drop = (key: string) => wanted.has(key) || wanted.set(key, null);
  for (const hook of before) if (hook.ours) drop(hook.key);
  // A user handler is the n-th of its event with its hash, before and after: its state follows it.
  const id = (hook: Hook) => `${hook.event}\0${hook.hash}`;
  const queues = new Map<string, Hook[]>();
  for (const hook of before) if (!hook.ours) queues.set(id(hook), [...(queues.get(id(hook)) ?? []), hook]);
  for (const hook of after) {
    if (hook.ours) {
      wanted.set(hook.key, { enabled: true, trusted_hash: hook.hash });
      continue;
    }
    const was = queues.get(id(hook))?.shift();
    if (!was || was.key === hook.key) continue;
    drop(was.key);
    wanted.set(hook.key, state[was.key] ?? null);
  }
  return new Map([...wanted].filter(([key, value]) => (value === null ? key in state : JSON.stringify(value) !== JSON.stringify(state[key]))));
}

/**
 * The hooks.json path as Codex names it in keys: it canonicalizes $CODEX_HOME and works from the
 * real cwd, but takes ~/.codex from $HOME as it is (codex-rs utils/home-dir `find_codex_home`).
 */
function keySource(file: string, ctx: TrustContext): string {
  if (ctx.scope === "user" && !ctx.paths.env.CODEX_HOME) return file;
  // The folder may not exist yet: resolve the nearest one that does.
  for (let dir = dirname(file), rest = basename(file); ; rest = join(basename(dir), rest), dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), rest);
    } catch {
      if (dirname(dir) === dir) return file;
    }
  }
}

/** The TOML text with `changes` made to its `[hooks.state."…"]` tables, and the data it must then hold. */
function editState(text: string, doc: TomlDoc, changes: Map<string, Record<string, unknown> | null>, eol: string) {
  const hooks = (doc.hooks ?? {}) as TomlDoc;
  const state: State = { ...((hooks.state ?? {}) as State) };
  const blocks = new Map(
    tableBlocks(text)
      .filter((b) => b.path.length === 3 && b.path[0] === "hooks" && b.path[1] === "state")
      .map((b) => [b.path[2]!, b]),
  );
  const edits: { at: number; apply: (text: string) => string }[] = [];
  const appends: string[] = [];
  for (const [key, value] of changes) {
    const existing = blocks.get(key);
    const rendered = value && renderTable(["hooks", "state", key], value, eol);
    if (value) state[key] = value;
    else delete state[key];
    if (existing) edits.push({ at: existing.start, apply: (t) => (rendered ? replaceBlock(t, existing, rendered) : removeBlock(t, existing)) });
    else if (rendered) appends.push(rendered);
  }
  for (const edit of edits.sort((a, b) => b.at - a.at)) text = edit.apply(text);
  for (const block of appends) text = appendBlock(text, block);
  return { text, expected: { ...doc, hooks: { ...hooks, state } } as TomlDoc, state };
}

/** What would still keep our hooks from running. */
function blockers(doc: TomlDoc, toml: string, file: string, scope: TrustContext["scope"]): string[] {
  // `[features] hooks = false` is one of the adapter's host switches (src/install/host-switches.ts).
  const warnings: string[] = [];
  if (scope === "project") {
    const project = dirname(dirname(file));
    const projects = (doc.projects ?? {}) as Record<string, TomlDoc>;
    const trusted = Object.entries(projects).some(([dir, p]) => p?.trust_level === "trusted" && (project === dir || project.startsWith(`${dir}/`)));
    if (!trusted)
      warnings.push(
        `Codex reads ${file} only in a trusted project: trust ${project} when Codex asks, or add [projects.${JSON.stringify(project)}] trust_level = "trusted" to ${toml}.`,
      );
  }
  return warnings;
}

/** Keeps `[hooks.state]` of $CODEX_HOME/config.toml (text `before`) in step with hooks.json. */
export function codexTrust(toml: string, before: string | null, hookFile: string, ctx: TrustContext): TrustChange {
  const file = keySource(hookFile, ctx);
  const doc = before === null ? {} : parseToml(before, toml);
  const changes = plan(file, ctx, ((doc.hooks as TomlDoc | undefined)?.state ?? {}) as State);
  const ours = hooksIn(ctx.after, file, ctx.isOurs).filter((h) => h.ours);
  const eol = before ? eolOf(before) : "\n";
  const trustTables = ours.map((h) => renderTable(["hooks", "state", h.key], { enabled: true, trusted_hash: h.hash }, eol)).join(eol);
  const manualSteps = ours.length
    ? `Codex skips untrusted hooks silently. Trust them in Codex (/hooks), or add to ${toml}:${eol}${trustTables}`
    : `remove the [hooks.state."${file}:…"] tables from ${toml}`;
  const warnings = ours.length ? blockers(doc, toml, file, ctx.scope) : [];

  const { text, expected, state } = editState(before ?? "", doc, changes, eol);
  if (changes.size && !sameData(text, expected)) {
    // Hook state written in a form we do not edit (inline tables, dotted keys): leave the file as it is.
    return {
      after: before,
      oursRemain: true,
      notes: [],
      warnings: [...warnings, `could not update the hook trust in ${toml} safely. ${manualSteps}`],
      manualSteps,
    };
  }
  const removed = [...changes].filter(([, value]) => value === null).map(([key]) => key);
  const trusted = ours.map((h) => ({ key: h.key, event: h.event, trusted_hash: h.hash }));
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const done = [
    ...(ours.length ? [`${ctx.dryRun ? "would trust" : "trusted"} ${plural(ours.length, "agent-connector hook", "agent-connector hooks")} for Codex`] : []),
    ...(removed.length ? [`${ctx.dryRun ? "would remove" : "removed"} ${plural(removed.length, "stale trust entry", "stale trust entries")}`] : []),
  ];
  const notes = changes.size ? [`${toml}: ${done.join("; ")}`] : [];
  const oursRemain = Object.keys(state).some((key) => (key.startsWith(`${file}:`) ? ours.some((h) => h.key === key) : keyIsOurs(key, ctx.isOurs)));
  return { after: before === null && text === "" ? null : text, oursRemain, notes, details: { trusted, removed }, warnings, manualSteps };
}
