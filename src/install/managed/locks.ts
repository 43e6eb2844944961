import type { Adapter, HookSwitch, PathContext } from "../../adapter.ts";
import { readText } from "../../host-config/files.ts";
import type { LockRecord, Registry } from "../../registry/types.ts";
import { lockValue } from "../edits/host-lock.ts";
import type { HostLockEdit } from "../edits/types.ts";

/**
 * `install --scope managed --lock`: each host's own switch that lets only managed hooks run
 * (Claude Code's `allowManagedHooksOnly` in managed-settings.json, Codex's
 * `allow_managed_hooks_only` in requirements.toml). They are the adapters' `hookSwitches` of the
 * system layer that shadow the others: the same data status and doctor read.
 */
export const lockSwitches = (adapter: Adapter): HookSwitch[] =>
  (adapter.hookSwitches ?? []).filter(
    (s): s is HookSwitch & { value: boolean } => s.layer === "system" && s.effect === "shadows" && typeof s.value === "boolean",
  );

/** The setting as its file spells it: `"allowManagedHooksOnly": true`, `allow_managed_hooks_only = true`. */
export const lockSetting = (format: HookSwitch["format"], key: readonly string[], value: unknown): string =>
  format === "toml" ? `${key.join(".")} = ${value}` : `"${key.join(".")}": ${value}`;

/** What install --lock says of a host that has no such switch, and what stays possible there. */
export const noLockWarning = (adapter: Adapter): string =>
  `${adapter.name} has no setting that makes managed hooks the only ones: --lock sets nothing there, and users' and projects' own hooks keep running beside the managed ones (they cannot remove the managed ones).`;

const sameLock = (a: Pick<LockRecord, "file" | "key">, b: Pick<LockRecord, "file" | "key">) => a.file === b.file && a.key.join("\0") === b.key.join("\0");

/** Other connectors' locks of the same setting. */
const othersLocks = (registry: Registry, connectorId: string, lock: Pick<LockRecord, "file" | "key">): LockRecord[] =>
  Object.entries(registry).flatMap(([id, entry]) => (id === connectorId ? [] : (entry.locks ?? []).filter((l) => sameLock(l, lock))));

/** The locks to set for a host, and their records (whether the administrator had set each before any of ours). */
export function planLocks(adapter: Adapter, paths: PathContext, registry: Registry, connectorId: string): { edits: HostLockEdit[]; records: LockRecord[] } {
  const edits: HostLockEdit[] = [];
  const records: LockRecord[] = [];
  for (const s of lockSwitches(adapter)) {
    const edit: HostLockEdit = { kind: "host-lock", file: s.file(paths), platform: adapter.id, format: s.format, key: s.key, value: s.value as boolean };
    const mine = registry[connectorId]?.locks?.find((l) => sameLock(l, { file: edit.file, key: [...s.key] }));
    const others = othersLocks(registry, connectorId, { file: edit.file, key: [...s.key] });
    let setBefore = mine?.setBefore ?? others[0]?.setBefore;
    if (!mine && !others.length) {
      try {
        setBefore = lockValue(readText(edit.file), edit) === edit.value || undefined;
      } catch {
        setBefore = undefined; // a file that cannot be read: the edit says so
      }
    }
    edits.push(edit);
    records.push({ platform: adapter.id, file: edit.file, key: [...s.key], ...(setBefore ? { setBefore: true as const } : {}) });
  }
  return { edits, records };
}

/** The edits that take a connector's locks of a host out again (uninstall). */
export function unlockEdits(adapter: Adapter, registry: Registry, connectorId: string): HostLockEdit[] {
  return (registry[connectorId]?.locks ?? [])
    .filter((l) => l.platform === adapter.id)
    .flatMap((lock) => {
      const s = lockSwitches(adapter).find((sw) => sw.key.join("\0") === lock.key.join("\0"));
      if (!s) return [];
      const keep = othersLocks(registry, connectorId, lock).length ? "locked-by-another" : lock.setBefore ? "set-before-us" : undefined;
      return [{ kind: "host-lock", file: lock.file, platform: adapter.id, format: s.format, key: s.key, value: s.value as boolean, ...(keep ? { keep } : {}) }];
    });
}

/** A connector's lock records after installing or uninstalling `platforms`: theirs replaced by `records`. */
export const replaceLocks = (previous: readonly LockRecord[], platforms: readonly string[], records: readonly LockRecord[]): LockRecord[] => [
  ...previous.filter((l) => !platforms.includes(l.platform)),
  ...records,
];
