import { SNAPSHOT_SUFFIX } from "../../compiled/artifact.ts";
import { join, systemFile } from "../../paths.ts";

type Env = Record<string, string | undefined>;

/**
 * Where a managed install keeps what every user's hooks run: the binary and each connector's
 * snapshot, in a folder only an administrator can write.
 * - Linux and macOS: /usr/local/lib/agent-connector. /usr/local is the administrator's own tree
 *   (no distribution package and no macOS update writes there, and System Integrity Protection
 *   leaves it writable by root), it is root-owned and not writable by others on every stock
 *   system, and /usr/local/lib is where software installed by hand keeps its files. /opt would
 *   serve too, but is absent on stock macOS.
 * - Windows: C:\Program Files\agent-connector, writable by Administrators and SYSTEM only
 *   through the folder's inherited ACLs (not yet run on Windows).
 * Under $AGENT_CONNECTOR_MANAGED_ROOT when set, like the hosts' managed files (src/paths.ts).
 */
export const managedLibDir = (env: Env = process.env, platform: string = process.platform): string =>
  systemFile({ linux: "/usr/local/lib/agent-connector", darwin: "/usr/local/lib/agent-connector", win32: "C:\\Program Files\\agent-connector" }, env, platform);

/** The binary managed hook commands call. */
export const managedBinary = (env: Env = process.env, platform: string = process.platform): string =>
  join(managedLibDir(env, platform), "bin", platform === "win32" ? "agent-connector.exe" : "agent-connector");

/** The folder of the connectors' snapshots. */
export const managedConnectorsDir = (env: Env = process.env, platform: string = process.platform): string => join(managedLibDir(env, platform), "connectors");

/**
 * A connector's snapshot, named by managed hook commands with `--config`. The `.snapshot.js`
 * ending tells the hook to read it as a compiled snapshot (src/hook/managed-snapshot.ts), not
 * as a config source.
 */
export const managedSnapshot = (id: string, env: Env = process.env, platform: string = process.platform): string =>
  join(managedConnectorsDir(env, platform), `${id}${SNAPSHOT_SUFFIX}`);

/** What planning a managed install's hooks needs: the commands name these copies (install, status, doctor). */
export const managedPlanOptions = (id: string, env: Env = process.env): { configPath: string; binary: string[] } => ({
  configPath: managedSnapshot(id, env),
  binary: [managedBinary(env)],
});
