import pkg from "../../package.json" with { type: "json" };
import { checkRegistry, type InstallHealth } from "../install/health.ts";
import { currentInvocation, knownInvocations } from "../install/command-line.ts";
import { readRegistry } from "../registry/read.ts";
import { UsageError } from "./_fail.ts";
import { parseScope, pathContext } from "./_targets.ts";
import { hostsByNames } from "./_host-names.ts";
import { withHostSwitches } from "../install/host-switch-health.ts";
import { readSnapshotFile } from "./_snapshot-file.ts";
import { withManagedShadow } from "../install/managed/shadow.ts";

/** status and doctor: every recorded install matching --connector / --platform, checked. */
export async function healthOf(values: { connector?: string; platform?: string; scope?: string }): Promise<InstallHealth[]> {
  const registry = await readRegistry();
  if (values.connector && !registry[values.connector])
    throw new UsageError(`connector "${values.connector}" is not installed; installed: ${Object.keys(registry).join(", ") || "none"}`);
  const platforms = values.platform === undefined ? undefined : hostsByNames(values.platform).map((adapter) => adapter.id);
  const context = {
    paths: pathContext(undefined),
    invocations: knownInvocations(registry),
    current: currentInvocation(),
    version: pkg.version,
    loadSnapshot: (path: string) => readSnapshotFile(path).config,
  };
  const scope = values.scope === undefined ? undefined : parseScope(values.scope);
  const results = await checkRegistry(registry, context, { connector: values.connector, platforms, scope });
  return results.map((health) => withManagedShadow(withHostSwitches(health, context.paths), context.paths));
}
