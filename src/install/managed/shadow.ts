import { findAdapter } from "../../../adapters/index.ts";
import type { PathContext } from "../../adapter.ts";
import { readText } from "../../host-config/files.ts";
import { deliveredFile } from "../deliveries.ts";
import type { InstallHealth } from "../health.ts";
import { managedSnapshot } from "./layout.ts";

/**
 * The machine's managed file of the host holds this connector's hooks (they name its managed
 * snapshot), or undefined. Read as text: the file is the administrator's, and a user's status
 * only needs to know whether ours are in it.
 */
function managedCopyIn(platform: string, connectorId: string, paths: PathContext): string | undefined {
  const adapter = findAdapter(platform);
  const file = adapter && deliveredFile(adapter, "managed", paths, connectorId);
  if (!file) return undefined;
  let text: string | null;
  try {
    text = readText(file);
  } catch {
    return undefined; // unreadable to this user: nothing can be said
  }
  const snapshot = managedSnapshot(connectorId, paths.env);
  return text && (text.includes(snapshot) || text.includes(JSON.stringify(snapshot).slice(1, -1))) ? file : undefined;
}

/**
 * `status` and `doctor` for a user or project install: the same connector also installed at
 * managed scope on this machine runs for every user, so this one only makes each call answered
 * twice. Reported as a failed check; the fix is the user's own uninstall, never run by doctor --fix.
 */
export function withManagedShadow(health: InstallHealth, paths: PathContext): InstallHealth {
  if (health.unchecked || (health.scope !== "user" && health.scope !== "project")) return health;
  const adapter = findAdapter(health.platform);
  if (
    !adapter ||
    deliveredFile(adapter, health.scope, health.projectDir ? { ...paths, projectDir: health.projectDir } : paths, health.connector) !== health.file
  )
    return health;
  const managed = managedCopyIn(health.platform, health.connector, paths);
  if (!managed) return health;
  const uninstall = `agent-connector uninstall --connector ${health.connector} --platform ${health.platform} --scope ${health.scope}${health.projectDir ? ` --project-dir ${health.projectDir}` : ""}`;
  const check = {
    name: "shadowed" as const,
    ok: false,
    detail: `${health.connector} is also installed at managed scope on this machine (${managed}): those hooks run for every user, and this install's beside them answer each call a second time`,
  };
  return { ...health, ok: false, checks: [...health.checks, check], fix: health.ok ? `fix it by removing yours: ${uninstall}` : (health.fix ?? uninstall) };
}
