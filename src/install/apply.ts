import { createTwoFilesPatch } from "diff";
import type { Adapter } from "../adapter.ts";
import { installEntries, hasEntries, removeEntries } from "../host-config/nested-groups.ts";
import { readText, removeFile, writeTextAtomic } from "../host-config/files.ts";
import { dropBackup, readBackup, recordWrite } from "./backups.ts";
import { isOurCommand } from "./command-line.ts";
import type { HostPlan } from "./plan.ts";

export interface FileChange {
  file: string;
  changed: boolean;
  diff?: string;
}

const unifiedDiff = (file: string, before: string, after: string): string =>
  createTwoFilesPatch(file, file, before, after, "", "", { context: 3 });

function commit(file: string, before: string | null, after: string | null, dryRun: boolean): FileChange {
  const changed = before !== after;
  const diff = changed ? unifiedDiff(file, before ?? "", after ?? "") : undefined;
  if (changed && !dryRun) {
    if (after === null) removeFile(file);
    else writeTextAtomic(file, after);
  }
  return { file, changed, diff };
}

/** Writes a plan's entries into the host's config file, replacing this connector's old ones. */
export function applyInstall(adapter: Adapter, plan: HostPlan, connectorId: string, dryRun: boolean): FileChange | undefined {
  const spec = adapter.hookFile;
  if (!spec || !plan.file) return undefined;
  const before = readText(plan.file);
  const extras = (entry: { nativeEvent: string }) => spec.handlerExtras?.({ connectorId, event: entry.nativeEvent }) ?? {};
  const after = installEntries(before ?? "", plan.file, spec, isOurCommand(adapter.id, connectorId), plan.entries, extras);
  const change = commit(plan.file, before, after, dryRun);
  if (change.changed && !dryRun) recordWrite(plan.file, before, after);
  return change;
}

/**
 * Removes this connector's entries. When nobody else touched the file since our last write and no
 * other connector of ours remains in it, the file gets back the exact bytes it had before us.
 */
export function applyUninstall(adapter: Adapter, file: string, connectorId: string, dryRun: boolean): FileChange & { removed: number } {
  const spec = adapter.hookFile!;
  const before = readText(file);
  if (before === null) return { file, changed: false, removed: 0 };
  const { text, removed } = removeEntries(before, file, spec, isOurCommand(adapter.id, connectorId));
  if (!removed) return { file, changed: false, removed };
  const backup = readBackup(file);
  const othersRemain = hasEntries(text, file, spec, isOurCommand(adapter.id));
  const restore = backup?.restorable && backup.written === before && !othersRemain;
  const after = restore ? backup.original : text;
  const change = commit(file, before, after, dryRun);
  if (!dryRun) {
    if (othersRemain && after !== null) recordWrite(file, before, after);
    else dropBackup(file);
  }
  return { ...change, removed };
}
