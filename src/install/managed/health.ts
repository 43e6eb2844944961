import { lstatSync, readFileSync } from "node:fs";
import { parseCompiled } from "../../compiled/artifact.ts";
import type { Adapter } from "../../adapter.ts";
import { readText } from "../../host-config/files.ts";
import type { LockRecord } from "../../registry/types.ts";
import { lockValue } from "../edits/host-lock.ts";
import { lockSetting, lockSwitches } from "./locks.ts";
import { managedSnapshot } from "./layout.ts";

type Env = Record<string, string | undefined>;

/**
 * A managed install's snapshot, the system copy every user's hooks run: there, a snapshot of this
 * connector, root's and writable by no one else, readable by every user.
 */
export function managedSnapshotCheck(id: string, env: Env = process.env): { ok: boolean; detail: string } {
  const path = managedSnapshot(id, env);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { ok: false, detail: `${path} is missing: every user's managed hooks of ${id} fail (install again as root)` };
  }
  const parsed = parseCompiled(text);
  if (parsed?.meta.id !== id || parsed.meta.kind === "source") return { ok: false, detail: `${path} is not a snapshot of ${id} (install again as root)` };
  if (process.platform !== "win32") {
    const stat = lstatSync(path);
    if (stat.uid !== 0 || stat.mode & 0o022)
      return {
        ok: false,
        detail: `${path} can be changed by someone other than root (uid ${stat.uid}, mode ${(stat.mode & 0o777).toString(8)}): install again as root`,
      };
    if (!(stat.mode & 0o004)) return { ok: false, detail: `${path} cannot be read by other users: their hooks fail (install again as root)` };
  }
  return { ok: true, detail: `frozen: every user's hooks run ${path}${parsed.meta.at ? `, made ${parsed.meta.at}` : ""}` };
}

/** The locks install --lock recorded for this host: each still set, or gone (users' and projects' hooks run again). */
export function lockChecks(adapter: Adapter, locks: readonly LockRecord[]): { ok: boolean; detail: string }[] {
  return locks
    .filter((lock) => lock.platform === adapter.id)
    .flatMap((lock): { ok: boolean; detail: string }[] => {
      const s = lockSwitches(adapter).find((sw) => sw.key.join("\0") === lock.key.join("\0"));
      if (!s) return [];
      const setting = lockSetting(s.format, s.key, s.value);
      let value: unknown;
      try {
        value = lockValue(readText(lock.file), { file: lock.file, format: s.format, key: s.key });
      } catch (error) {
        return [{ ok: false, detail: `${lock.file} cannot be read (${(error as Error).message}): ${setting} is not known to hold` }];
      }
      return value === s.value
        ? [{ ok: true, detail: `${setting} in ${lock.file}: only managed hooks run` }]
        : [{ ok: false, detail: `${setting} is gone from ${lock.file}: users' and projects' own hooks run again (install again with --lock)` }];
    });
}
