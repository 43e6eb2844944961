import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Adapter } from "../../adapter.ts";
import { renderCompiled, SNAPSHOT_SUFFIX, type CompiledMeta } from "../../compiled/artifact.ts";
import { exeName } from "../self/location.ts";
import { formatSums, type Target } from "../self/release.ts";
import { archiveBytes, type ArchiveEntry } from "./archive.ts";
import { managedHosts, systemCopies, type BundleManifest } from "./manifest.ts";
import { bundleScripts } from "./scripts.ts";
import { sha256, targetBinary, targetOs } from "./targets.ts";

export interface BundleInput {
  connector: string;
  version: string;
  /** The frozen snapshot (src/install/compile-connector.ts frozenSnapshot); its `source` is set per target. */
  snapshot: { meta: CompiledMeta; body: string };
  adapters: readonly Adapter[];
  targets: readonly Target[];
  lock: boolean;
  out: string;
  /** The running binary (this machine's target), if compiled. */
  running: string | undefined;
  /** --binaries: a folder of release binaries for the other targets. */
  binaries: string | undefined;
  dryRun: boolean;
}

export interface BundleResult {
  target: Target;
  archive: string;
  sha256: string;
  /** Written now, or already there with these bytes (a dry run writes nothing). */
  status: "written" | "unchanged" | "would-write";
  binaryFrom: string;
  manifest: BundleManifest;
}

export class NoManagedHost extends Error {}

/** The folder an archive unpacks into, and the archive's name beside it. */
export const bundleName = (connector: string, target: Target): string => `agent-connector-bundle-${connector}-${target}`;
const archiveFile = (connector: string, target: Target): string => `${bundleName(connector, target)}${target.startsWith("windows") ? ".zip" : ".tar.gz"}`;

const text = (value: string): Uint8Array => new TextEncoder().encode(value);

function entriesFor(input: BundleInput, target: Target): { entries: ArchiveEntry[]; manifest: BundleManifest; binaryFrom: string } {
  const os = targetOs(target);
  const { hosts, skipped } = managedHosts(input.adapters, input.connector, target, input.lock);
  if (!hosts.length)
    throw new NoManagedHost(
      `none of ${input.adapters.map((a) => a.name).join(", ")} has a machine-wide hook file on ${os}: a bundle would install nothing there (agent-connector explain --scope managed says what each host has)`,
    );
  const system = systemCopies(input.connector, target);
  const binary = targetBinary(target, input.running, input.binaries);
  const binaryPath = `bin/${exeName(os)}`;
  const snapshotPath = `${input.connector}${SNAPSHOT_SUFFIX}`;
  const snapshot = text(renderCompiled({ ...input.snapshot.meta, source: system.snapshot }, input.snapshot.body));
  const payload = { [binaryPath]: sha256(binary.bytes), [snapshotPath]: sha256(snapshot) };
  const manifest: BundleManifest = {
    format: 1,
    connector: input.connector,
    version: input.version,
    target,
    os,
    lock: input.lock,
    system,
    hosts,
    skipped,
    files: payload,
  };
  const manifestBytes = text(`${JSON.stringify(manifest, null, 2)}\n`);
  const scripts = bundleScripts(
    { connector: input.connector, version: input.version, target, hosts: hosts.map((h) => h.id), lock: input.lock, binary: binaryPath, snapshot: snapshotPath },
    { ...payload, "manifest.json": sha256(manifestBytes) },
    os === "win32",
  );
  const files: ArchiveEntry[] = [
    { path: binaryPath, bytes: binary.bytes, executable: true },
    { path: snapshotPath, bytes: snapshot, executable: false },
    { path: "manifest.json", bytes: manifestBytes, executable: false },
    ...Object.entries(scripts).map(([name, body]) => ({ path: name, bytes: text(body), executable: name.endsWith(".sh") })),
  ];
  // For `sha256sum -c SHA256SUMS` in the unpacked folder: every file but itself.
  const sums = text(formatSums(files.map((f) => ({ name: f.path, sha256: sha256(f.bytes) }))));
  const top = bundleName(input.connector, target);
  const entries = [...files, { path: "SHA256SUMS", bytes: sums, executable: false }].map((f) => ({ ...f, path: `${top}/${f.path}` }));
  return { entries, manifest, binaryFrom: binary.from };
}

/**
 * Per target, one archive (src/install/bundle/archive.ts) holding the binary, the frozen snapshot,
 * manifest.json, the install and uninstall scripts and SHA256SUMS; then SHA256SUMS of the archives
 * in `out`. Made again from the same snapshot, every byte is the same.
 */
export function makeBundle(input: BundleInput): BundleResult[] {
  const mtime = Date.parse(input.snapshot.meta.at ?? "") || 315532800000;
  // Every target's files first: a missing binary refuses the bundle before any archive is written.
  const made = input.targets.map((target) => ({ target, ...entriesFor(input, target) }));
  const results = made.map(({ target, entries, manifest, binaryFrom }): BundleResult => {
    const name = archiveFile(input.connector, target);
    const bytes = archiveBytes(entries, target.startsWith("windows") ? "zip" : "tar.gz", mtime);
    const archive = join(input.out, name);
    const same = existsSync(archive) && readFileSync(archive).equals(bytes);
    if (!input.dryRun && !same) {
      mkdirSync(input.out, { recursive: true });
      writeFileSync(archive, bytes);
    }
    return { target, archive, sha256: sha256(bytes), status: input.dryRun ? "would-write" : same ? "unchanged" : "written", binaryFrom, manifest };
  });
  if (!input.dryRun)
    writeFileSync(join(input.out, "SHA256SUMS"), formatSums(results.map((r) => ({ name: archiveFile(input.connector, r.target), sha256: r.sha256 }))));
  return results;
}
