import { findAdapter } from "../../adapters/index.ts";
import type { PathContext } from "../adapter.ts";
import type { InstallHealth } from "./health.ts";
import { switchesAgainst } from "./host-switches.ts";

/**
 * `status` and `doctor`: an install a host switch silences is inactive, a failed check naming the
 * setting and the file. When nothing else failed, the fix is the user's edit, not a re-install.
 */
export function withHostSwitches(health: InstallHealth, paths: PathContext): InstallHealth {
  const adapter = findAdapter(health.platform);
  if (!adapter || health.unchecked || (health.scope !== "user" && health.scope !== "project")) return health;
  const found = switchesAgainst(adapter, health.scope, health.projectDir ? { ...paths, projectDir: health.projectDir } : paths, health.connector);
  if (!found.length) return health;
  const checks = [...health.checks, ...found.map((f) => ({ name: "host-switch" as const, ok: false, detail: `inactive — ${f.message}` }))];
  const fix = health.ok ? `fix ${found.map((f) => `${f.file} (remove ${f.setting})`).join(", ")}` : health.fix;
  // The re-install plan warns about the same switches (install's words): doctor shows the check once.
  const plan = health.plan && { ...health.plan, warnings: health.plan.warnings.filter((w) => !found.some((f) => w.includes(f.message))) };
  return { ...health, ok: false, inactive: found, checks, ...(fix ? { fix } : {}), ...(plan ? { plan } : {}) };
}
