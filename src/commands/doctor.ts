import { findAdapter } from "../../adapters/index.ts";
import { SNAPSHOT_SUFFIX } from "../compiled/artifact.ts";
import { selfInvocation } from "../install/command-line.ts";
import { knownInvocations } from "../install/command-line.ts";
import { messageOf, type InstallHealth } from "../install/health.ts";
import { readRegistry } from "../registry/read.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../core/timeout.ts";
import { userHome } from "../paths.ts";
import { connectorArgs, EXIT, jsonArgs, scopeFilterArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { healthOf } from "./_health.ts";
import { printJson, printStdout, tilde } from "./_output.ts";
import { probeFile, type Probe } from "./_probe.ts";
import type { FileProblem } from "../host-config/inspect.ts";
import { daemonState, daemonSummary } from "../daemon/state.ts";
import { trustWarnings } from "./_trust-warnings.ts";
import { hostVersion, hostVersionLine, type HostVersion } from "../install/host-version.ts";

/** Each installed host's version against the versions its adapter was checked with, read once a host. */
async function hostVersions(results: Diagnosis[]): Promise<Record<string, HostVersion>> {
  const ids = [...new Set(results.map((r) => r.platform))];
  const found = await Promise.all(
    ids.map(async (id) => {
      const adapter = findAdapter(id);
      return adapter ? ([id, await hostVersion(adapter, process.env)] as const) : undefined;
    }),
  );
  return Object.fromEntries(found.filter((entry) => entry !== undefined));
}

function versionsReport(versions: Record<string, HostVersion>): string {
  const lines = Object.entries(versions).map(([id, version]) => `  ${hostVersionLine(findAdapter(id)?.name ?? id, version)}`);
  return lines.length ? `\n\nhost versions:\n${lines.join("\n")}` : "";
}

interface Diagnosis extends Omit<InstallHealth, "plan"> {
  /** Entries the host rejects, with what that costs. */
  fileProblems: (FileProblem & { consequence?: string })[];
  probes: Probe[];
  warnings: string[];
}

async function diagnose(values: { connector?: string; platform?: string; scope?: string }): Promise<Diagnosis[]> {
  const invocations = knownInvocations(await readRegistry());
  return (await healthOf(values)).map(({ plan, ...health }) => {
    const adapter = findAdapter(health.platform);
    const empty = { ...health, fileProblems: [], probes: [], warnings: plan?.warnings ?? [] };
    if (!adapter || health.unchecked) return empty;
    const seconds = DEFAULT_TIMEOUT_SECONDS;
    let found: ReturnType<typeof probeFile>;
    try {
      found = probeFile(adapter, health.file, health.connector, invocations, seconds * 1000, health.projectDir ?? process.cwd());
    } catch (error) {
      // One install that cannot be probed fails alone: the report of the others stands.
      return { ...empty, ok: false, checks: [...health.checks, { name: "probes", ok: false, detail: `not fired: ${messageOf(error)}` }] };
    }
    const { problems, probes } = found;
    const consequence = adapter.invalidEntrySkips === "file" ? `${adapter.name} skips this whole file: none of its hooks run` : undefined;
    const fileProblems = problems.map((p) => ({ ...p, ...(consequence ? { consequence } : {}) }));
    const ok = health.ok && !fileProblems.length && probes.every((p) => p.ok);
    return { ...empty, ok, fileProblems, probes, ...(found.notFired ? { warnings: [...empty.warnings, found.notFired] } : {}) };
  });
}

/** Re-installs each drifted install whose config loads, as `install` itself (same lock, backups, diffs). */
function fix(results: Diagnosis[]): { command: string; exitCode: number; output: string }[] {
  return results
    .filter((r) => r.fix && !r.fix.startsWith("fix ") && r.checks.some((c) => !c.ok))
    .map((r) => {
      // A bundle's install is re-made from its managed snapshot, with the locks it had (the fix names them).
      const source = r.config.endsWith(SNAPSHOT_SUFFIX) ? "--snapshot" : "--config";
      const lock = r.scope === "managed" && / --lock\b/.test(r.fix!) ? ["--lock"] : [];
      const args = [
        "install",
        source,
        r.config,
        "--platform",
        r.platform,
        "--scope",
        r.scope,
        ...lock,
        ...(r.projectDir ? ["--project-dir", r.projectDir] : []),
      ];
      const proc = Bun.spawnSync([...selfInvocation(), ...args], { stdout: "pipe", stderr: "pipe", env: process.env });
      return { command: r.fix!, exitCode: proc.exitCode ?? -1, output: `${proc.stderr.toString()}${proc.stdout.toString()}`.trim() };
    });
}

function report(results: Diagnosis[], fixes: ReturnType<typeof fix>): string {
  const home = userHome();
  const lines: string[] = [];
  for (const f of fixes) lines.push(`${f.exitCode === 0 ? "fixed" : "could not fix"}: ${f.command}${f.exitCode === 0 ? "" : `\n${f.output}`}`);
  if (fixes.length) lines.push("");
  for (const r of results) {
    lines.push(`${r.connector} on ${r.name} (${r.scope}) ${tilde(r.file, home)}`);
    for (const c of r.checks) lines.push(`  ${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${tilde(c.detail, home)}`);
    for (const p of r.fileProblems) lines.push(`  FAIL  ${tilde(r.file, home)}:${p.line}: ${p.message}${p.consequence ? ` (${p.consequence})` : ""}`);
    for (const p of r.probes) lines.push(`  ${p.ok ? "ok  " : "FAIL"}  ${p.event}: ${p.detail} (${p.latencyMs} ms)`);
    for (const w of r.warnings) lines.push(`  warn  ${w}`);
    if (!r.ok && r.fix) lines.push(`  fix: ${r.fix}${r.fix.startsWith("fix ") ? "" : " (or agent-connector doctor --fix)"}`);
  }
  return lines.join("\n");
}

export default defineAcCommand({
  meta: {
    name: "doctor",
    description:
      "Check every install as status does, validate the host files by each host's rules, and fire a sample event through every installed hook command as the host would; --fix re-installs what drifted",
  },
  args: {
    ...connectorArgs,
    platform: { type: "string", description: "Only these host ids, comma-separated" },
    ...scopeFilterArgs,
    fix: { type: "boolean", description: "Re-install what drifted (as install does: backups, your own entries kept)" },
    ...jsonArgs,
  },
  async run({ args, json }) {
    let results = await diagnose(args);
    const fixes = args.fix ? fix(results) : [];
    if (fixes.length) results = await diagnose(args);
    const trust = await trustWarnings(await readRegistry(), args.connector);
    const ok = results.every((r) => r.ok) && !trust.refused && !trust.unrecorded;
    // After the probes: their hook calls start the daemon when it is on and was not running.
    const daemon = await daemonState();
    const daemonLine = daemonSummary(daemon);
    const hosts = await hostVersions(results);
    const trustLines = trust.lines.length ? `\n\n${trust.lines.map((w) => `warn: ${w}`).join("\n")}` : "";
    if (json) printJson({ ok, fixes, installs: results, hosts, daemon, trust: trust.lines });
    else if (!results.length) printStdout(`No connectors installed: nothing to check. Install one: agent-connector install --platform <host>${trustLines}`);
    else printStdout(`${report(results, fixes)}${versionsReport(hosts)}${trustLines}${daemonLine ? `\n\n${daemonLine}` : ""}`);
    return ok ? EXIT.ok : EXIT.problems;
  },
});
