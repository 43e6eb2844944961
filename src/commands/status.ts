import { registryPath } from "../home.ts";
import { userHome } from "../paths.ts";
import { connectorArgs, EXIT, jsonArgs, scopeFilterArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { healthOf } from "./_health.ts";
import { printJson, printStdout, tilde } from "./_output.ts";
import { formatTable } from "./_table.ts";
import { daemonState, daemonSummary } from "../daemon/state.ts";
import { describeShipping, shippingStatus } from "../daemon/otlp-status.ts";
import { trustWarnings } from "./_trust-warnings.ts";
import { readRegistry } from "../registry/read.ts";
import type { InstallHealth } from "../install/health.ts";

export default defineAcCommand({
  meta: {
    name: "status",
    description: "Every installed connector, where it is installed, and whether each install still works; prints what to run to fix what drifted",
  },
  args: {
    ...connectorArgs,
    platform: { type: "string", description: "Only these host ids, comma-separated" },
    ...scopeFilterArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    const results = await healthOf(args);
    const trust = await trustWarnings(await readRegistry(), args.connector);
    const ok = results.every((r) => r.ok) && !trust.refused && !trust.unrecorded;
    const daemon = await daemonState();
    const shipping = shippingStatus();
    if (json) {
      printJson({ ok, registry: registryPath(), installs: results.map(({ plan: _plan, ...r }) => r), daemon, shipping, trust: trust.lines });
      return ok ? EXIT.ok : EXIT.problems;
    }
    const home = userHome();
    if (!results.length) {
      printStdout(
        `No connectors installed (registry: ${tilde(registryPath(), home)}). Install one: agent-connector install --platform <host>${trust.lines.map((w) => `\n\nwarn: ${w}`).join("")}`,
      );
      return ok ? EXIT.ok : EXIT.problems;
    }
    const rows = results.map((r) => [r.connector, r.platform, r.scope, tilde(r.file, home), state(r)]);
    const lines = [formatTable([["connector", "host", "scope", "file", "state"], ...rows])];
    // Managed installs: what every user's hooks run, and the locks (install --lock) that keep users' own hooks out.
    for (const r of results.filter((r) => r.ok && r.scope === "managed")) {
      lines.push("", `${r.connector} on ${r.name} (managed):`);
      for (const check of r.checks.filter((c) => c.name === "snapshot" || c.name === "lock")) lines.push(`  ${check.name}: ${check.detail}`);
    }
    for (const r of results.filter((r) => !r.ok)) {
      lines.push("", `${r.connector} on ${r.name} (${r.scope}):`);
      for (const check of r.checks.filter((c) => !c.ok)) lines.push(`  ${check.name}: ${tilde(check.detail, home)}`);
      if (r.fix) lines.push(`  fix: ${r.fix}`);
    }
    if (trust.lines.length) lines.push("", ...trust.lines.map((w) => `warn: ${w}`));
    const daemonLine = daemonSummary(daemon);
    if (daemonLine) lines.push("", daemonLine);
    if (shipping.length) lines.push(...(daemonLine ? [] : [""]), ...shipping.map(describeShipping));
    printStdout(lines.join("\n"));
    return ok ? EXIT.ok : EXIT.problems;
  },
});

/**
 * A row's state. Inactive: a host switch keeps its hooks from running; shadowed: the same connector's
 * managed install covers it (src/install/managed/shadow.ts); either way nothing else is wrong.
 */
function state(r: InstallHealth): string {
  if (r.ok) return "ok";
  const failing = r.checks.filter((c) => !c.ok).map((c) => c.name);
  if (failing.every((name) => name === "host-switch" || name === "shadowed")) return failing.includes("host-switch") ? "inactive" : "shadowed";
  return sourceBroken(r) ? "source-broken" : "drift";
}

/**
 * Only the source fails (it no longer loads) while the installed snapshot answers: the guard holds.
 * A missing binary or an edited host file beside it is drift (the host file is not checked
 * without a config: no plan).
 */
const sourceBroken = (r: InstallHealth): boolean =>
  r.checks.some((c) => c.kept) && r.checks.every((c) => c.ok || c.kept || c.name === "config" || (c.name === "host-file" && !r.plan));
