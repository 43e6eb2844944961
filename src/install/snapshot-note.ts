import type { Registry } from "../registry/types.ts";
import { ConnectorConfigError } from "../config/errors.ts";
import { readSnapshot } from "./compile-connector.ts";
import { snapshotCheck } from "./snapshot-health.ts";

/**
 * What `explain` says of an installed connector's snapshot (src/compiled/artifact.ts): what its
 * hook calls run, as status and doctor say it. Undefined when no connector of that id is installed.
 */
export function snapshotOfInstalled(registry: Registry, id: string): { ok: boolean; detail: string } | undefined {
  return registry[id] ? snapshotCheck(id, undefined) : undefined;
}

/**
 * A config that does not load, as explain reports it: the connectors installed from it whose
 * snapshot keeps answering their hook calls, in one sentence to add to the error (empty when none).
 */
export function keptSnapshotsOf(registry: Registry, configPath: string): string {
  const kept = Object.entries(registry).flatMap(([id, entry]) => {
    const snapshot = entry.config === configPath ? readSnapshot(id) : undefined;
    return snapshot ? [`the installed snapshot of ${id}${snapshot.meta.at ? ` (made ${snapshot.meta.at})` : ""}`] : [];
  });
  return kept.length ? `; ${kept.join(", ")} keeps answering its hook calls (agent-connector status)` : "";
}

/** A config that does not load, with the snapshots that keep answering for it named in its message. */
export function withKeptSnapshots(error: unknown, registry: Registry): unknown {
  if (error instanceof ConnectorConfigError) error.message += keptSnapshotsOf(registry, error.file);
  return error;
}
