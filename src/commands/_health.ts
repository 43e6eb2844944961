import pkg from "../../package.json" with { type: "json" };
import { HOST_IDS } from "../../adapters/index.ts";
import { checkRegistry, type InstallHealth } from "../install/health.ts";
import { currentInvocation, knownInvocations } from "../install/command-line.ts";
import { readRegistry } from "../registry/read.ts";
import { UsageError } from "./_fail.ts";
import { pathContext } from "./_targets.ts";

/** status and doctor: every recorded install matching --connector / --platform, checked. */
export async function healthOf(values: { connector?: string; platform?: string }): Promise<InstallHealth[]> {
  const registry = await readRegistry();
  if (values.connector && !registry[values.connector]) throw new UsageError(`connector "${values.connector}" is not installed; installed: ${Object.keys(registry).join(", ") || "none"}`);
  const platforms = values.platform?.split(",").map((p) => p.trim());
  const unknown = platforms?.find((p) => !(HOST_IDS as readonly string[]).includes(p));
  if (unknown) throw new UsageError(`unknown host "${unknown}"; known: ${HOST_IDS.join(", ")}`);
  const context = { paths: pathContext(undefined), invocations: knownInvocations(registry), current: currentInvocation(), version: pkg.version };
  return checkRegistry(registry, context, { connector: values.connector, platforms });
}
