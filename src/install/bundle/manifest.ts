import type { Adapter, PathContext } from "../../adapter.ts";
import { deliveredFile } from "../deliveries.ts";
import { lockSetting, lockSwitches } from "../managed/locks.ts";
import { managedBinary, managedSnapshot } from "../managed/layout.ts";
import { targetOs } from "./targets.ts";
import type { Target } from "../self/release.ts";

/** What a bundle's manifest.json says: read by administrators and their MDM, never by the scripts (they carry their own sums). */
export interface BundleManifest {
  format: 1;
  connector: string;
  version: string;
  target: Target;
  os: string;
  lock: boolean;
  /** The system copies the hook commands name. */
  system: { binary: string; snapshot: string };
  /** Each host installed at managed scope: the file its hooks go into, and the locks set there with --lock. */
  hosts: { id: string; name: string; scope: "managed"; file: string; locks: { setting: string; file: string }[] }[];
  /** Hosts asked for that have no machine-wide hook file on any OS: nothing is installed for them. */
  skipped: { id: string; name: string }[];
  /** Every other file of the archive, by its path in it: sha256. */
  files: Record<string, string>;
}

/**
 * The managed files of a target's OS, named as a machine of that OS has them: not this machine's
 * environment (its $AGENT_CONNECTOR_MANAGED_ROOT or host overrides mean nothing there).
 */
const targetPaths = (os: string): PathContext => ({ home: "", env: {}, projectDir: "", os });

/** The hosts of a bundle, split into those with a managed file on the target's OS and those without. */
export function managedHosts(adapters: readonly Adapter[], connectorId: string, target: Target, lock: boolean): Pick<BundleManifest, "hosts" | "skipped"> {
  const paths = targetPaths(targetOs(target));
  const hosts: BundleManifest["hosts"] = [];
  const skipped: BundleManifest["skipped"] = [];
  for (const adapter of adapters) {
    const file = deliveredFile(adapter, "managed", paths, connectorId);
    if (!file) {
      skipped.push({ id: adapter.id, name: adapter.name });
      continue;
    }
    const locks = lock ? lockSwitches(adapter).map((s) => ({ setting: lockSetting(s.format, s.key, s.value), file: s.file(paths) })) : [];
    hosts.push({ id: adapter.id, name: adapter.name, scope: "managed", file, locks });
  }
  return { hosts, skipped };
}

/** The system copies on the target's OS (src/install/managed/layout.ts). */
export const systemCopies = (connectorId: string, target: Target): BundleManifest["system"] => {
  const os = targetOs(target);
  return { binary: managedBinary({}, os), snapshot: managedSnapshot(connectorId, {}, os) };
};
