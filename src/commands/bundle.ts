import { resolve } from "node:path";
import { ADAPTERS } from "../../adapters/index.ts";
import { frozenSnapshot } from "../install/compile-connector.ts";
import { deliveredFile } from "../install/deliveries.ts";
import { BundleTargetError, parseTargets } from "../install/bundle/targets.ts";
import { bundleName, makeBundle, NoManagedHost } from "../install/bundle/make.ts";
import { noManagedLayer } from "../install/managed/no-layer.ts";
import { isCompiled } from "../install/self/location.ts";
import { sharedSourceRefusal, sourceProblem } from "../install/source-trust.ts";
import { ConnectorConfigError } from "../config/errors.ts";
import { VERSION } from "../version.ts";
import { configArgs, dryRunArgs, EXIT, jsonArgs } from "./_args.ts";
import { defineAcCommand } from "./_command.ts";
import { UntrustedError, UsageError } from "./_fail.ts";
import { hostsByNames } from "./_host-names.ts";
import { printJson, printStdout, ui } from "./_output.ts";
import { formatTable } from "./_table.ts";
import { configPathFrom, loadConfigArg } from "./_targets.ts";

/** Every host with a machine-wide hook file on some OS: a bundle's default. */
const hasManagedLayer = (adapter: (typeof ADAPTERS)[number]): boolean =>
  ["linux", "darwin", "win32"].some((os) => deliveredFile(adapter, "managed", { home: "", env: {}, projectDir: "", os }, "probe") !== undefined);

export default defineAcCommand({
  meta: {
    name: "bundle",
    description:
      "Write, per target OS and CPU, an archive an MDM runs as root: the binary, the connector's frozen snapshot, a manifest and install/uninstall scripts that check every sha256 first",
  },
  args: {
    ...configArgs,
    platform: { type: "string", description: "Host id(s), comma-separated (default: every host with a machine-wide hook file)" },
    target: { type: "string", description: "linux-x64, linux-arm64, darwin-x64, darwin-arm64, windows-x64, comma-separated (default: this machine's)" },
    binaries: {
      type: "string",
      description: "A folder of release binaries (agent-connector-<target>[.exe], with their SHA256SUMS) for the targets other than this machine's",
    },
    lock: { type: "boolean", description: "The scripts also set each host's switch that lets only managed hooks run (install --lock)" },
    out: { type: "string", description: "The folder the archives go to", required: true },
    ...dryRunArgs,
    ...jsonArgs,
  },
  async run({ args, json }) {
    const dryRun = Boolean(args["dry-run"]);
    let targets: ReturnType<typeof parseTargets>;
    try {
      targets = parseTargets(args.target);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const adapters = args.platform ? hostsByNames(args.platform) : ADAPTERS.filter(hasManagedLayer);
    // Before the config is loaded: loading it runs its code.
    const shared = sourceProblem(configPathFrom(args.config));
    if (shared) throw new UntrustedError(sharedSourceRefusal(shared));
    const { path: configPath, config } = await loadConfigArg(args.config);
    const made = await frozenSnapshot(configPath, config, "");
    if (!made.ok) throw new ConnectorConfigError(configPath, "", `cannot be compiled into a snapshot (${made.reason}): a managed install runs only a snapshot`);
    let results: ReturnType<typeof makeBundle>;
    try {
      results = makeBundle({
        connector: config.id,
        version: VERSION,
        snapshot: made,
        adapters,
        targets,
        lock: Boolean(args.lock),
        out: resolve(args.out),
        running: process.env.AGENT_CONNECTOR_BIN || (isCompiled() ? process.execPath : undefined),
        binaries: args.binaries ? resolve(args.binaries) : undefined,
        dryRun,
      });
    } catch (error) {
      if (error instanceof BundleTargetError || error instanceof NoManagedHost) throw new UsageError(error.message);
      throw error;
    }
    if (json) {
      printJson({ ok: true, dryRun, connector: config.id, version: VERSION, config: configPath, out: resolve(args.out), bundles: results });
      return EXIT.ok;
    }
    const status = { written: "written", unchanged: "already up to date", "would-write": "would be written" } as const;
    printStdout(
      formatTable([
        ["target", "archive", "hosts", "status"],
        ...results.map((r) => [r.target, r.archive, r.manifest.hosts.map((h) => h.id).join(","), status[r.status]]),
      ]),
    );
    const skipped = new Set(results.flatMap((r) => r.manifest.skipped.map((s) => s.id)));
    for (const adapter of adapters.filter((a) => skipped.has(a.id))) ui.warn(noManagedLayer(adapter));
    if (args.lock) ui.info("The scripts run install --lock: each host's own managed-hooks-only switch is set where it has one (manifest.json lists them).");
    const unix = results.find((r) => !r.target.startsWith("windows"));
    if (unix) ui.info(`On each machine, as root: tar -xzf ${bundleName(config.id, unix.target)}.tar.gz && sh ${bundleName(config.id, unix.target)}/install.sh`);
    if (results.some((r) => r.target.startsWith("windows")))
      ui.info("On Windows, as SYSTEM or an administrator: unpack the .zip and run install.ps1 (powershell -ExecutionPolicy Bypass -File install.ps1)");
    return EXIT.ok;
  },
});
