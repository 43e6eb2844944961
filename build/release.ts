/**
 * Release artifacts, in dist/release (or --out):
 *   agent-connector-<target>[.exe]        the binary, per target (what `upgrade` downloads)
 *   agent-connector-<target>.tar.gz|.zip  the same, compressed (what Homebrew, Scoop and the scripts download)
 *   SHA256SUMS                            every file above
 *   agent-connector.rb                    Homebrew formula      agent-connector.json   Scoop manifest
 *   install.sh, install.ps1               pick the target, check the checksum, run `self-install`
 *   npm/                                  the types package (`npm i -D agent-connector`)
 *   SIZES.md                              what each artifact weighs
 *
 * bun build/release.ts [--targets all|host|linux-x64,…] [--base-url <url, {version} = the version>] [--out <dir>]
 *                      [--binary <file>]   use this already built binary for the host target (tests)
 *                      [--fast]            compress at level 1 (tests; sizes in SIZES.md are then not the release's)
 * Cross-compiling fetches each target's Bun runtime (@oven/bun-<os>-<arch>) from npm once.
 */
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { compile, DIST, recordBytecodeOrder, ROOT } from "./compile.ts";
import { archive } from "./release/archive.ts";
import { archiveName, artifactName, DEFAULT_BASE, releaseBase } from "./release/names.ts";
import { homebrewFormula } from "./release/formula.ts";
import { scoopManifest } from "./release/scoop.ts";
import { writeTypesPackage } from "./release/types-package.ts";
import { formatSums, hostTarget, TARGETS } from "../src/install/self/release.ts";
import pkg from "../package.json" with { type: "json" };

const HOMEPAGE = "https://github.com/agent-connector/agent-connector";

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};

const sha256 = (file: string): string => createHash("sha256").update(readFileSync(file)).digest("hex");

/** The commit's time: archives carry it as their files' mtime, so the same commit gives the same bytes. */
function sourceEpoch(): number {
  if (process.env.SOURCE_DATE_EPOCH) return Number(process.env.SOURCE_DATE_EPOCH);
  const proc = Bun.spawnSync(["git", "log", "-1", "--format=%ct"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  return Number(proc.stdout.toString().trim()) || 315532800; // 1980-01-01: the earliest time a zip can hold
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main(): Promise<void> {
  const which = option("--targets") ?? "all";
  const targets = which === "all" ? [...TARGETS] : which === "host" ? [hostTarget()] : which.split(",");
  for (const t of targets) if (!(TARGETS as readonly string[]).includes(t)) throw new Error(`unknown target ${t}; known: ${TARGETS.join(", ")}`);
  const out = resolve(option("--out") ?? join(DIST, "release"));
  const baseTemplate = option("--base-url") ?? process.env.AGENT_CONNECTOR_RELEASE_BASE ?? DEFAULT_BASE;
  const base = releaseBase(baseTemplate, pkg.version);
  const epoch = sourceEpoch();
  mkdirSync(out, { recursive: true });

  // One recorded order for every target: it names functions by content, and they are the same code.
  const order = (await recordBytecodeOrder()) ?? false;
  const files: string[] = [];
  const sizes: string[] = ["| target | binary | compressed download |", "|---|---|---|"];
  for (const target of targets) {
    const binary = join(out, artifactName(target));
    const prebuilt = option("--binary");
    if (prebuilt && target === hostTarget()) copyFileSync(prebuilt, binary);
    else await compile(binary, target, { order });
    const compressed = join(out, archiveName(target));
    archive(binary, target.startsWith("windows") ? "agent-connector.exe" : "agent-connector", compressed, epoch, process.argv.includes("--fast") ? 1 : 9);
    files.push(artifactName(target), archiveName(target));
    sizes.push(
      `| ${target} | ${mb(statSync(binary).size)} | ${mb(statSync(compressed).size)} (${archiveName(target).replace(/^agent-connector-[^.]+/, "")}) |`,
    );
    console.error(`built ${binary} and ${compressed}`);
  }
  writeFileSync(join(out, "SHA256SUMS"), formatSums(files.map((name) => ({ name, sha256: sha256(join(out, name)) }))));
  const hash = (name: string): string => {
    const file = join(out, name);
    if (!existsSync(file)) throw new Error(`${name} was not built`);
    return sha256(file);
  };
  const meta = { version: pkg.version, base, homepage: HOMEPAGE, description: pkg.description, sha256: hash };
  const unix = targets.filter((t) => !t.startsWith("windows"));
  if (unix.length) writeFileSync(join(out, "agent-connector.rb"), homebrewFormula({ ...meta, targets: unix }));
  if (targets.includes("windows-x64")) writeFileSync(join(out, "agent-connector.json"), scoopManifest({ ...meta, baseTemplate }));
  for (const script of ["install.sh", "install.ps1"]) {
    writeFileSync(join(out, script), readFileSync(join(import.meta.dir, "release", script), "utf8").replaceAll("@BASE@", base));
  }
  chmodSync(join(out, "install.sh"), 0o755);
  writeTypesPackage(ROOT, join(out, "npm"), { version: pkg.version, description: pkg.description, homepage: HOMEPAGE });
  writeFileSync(join(out, "SIZES.md"), `${sizes.join("\n")}\n`);
  console.error(
    `wrote ${out}: SHA256SUMS, ${unix.length ? "agent-connector.rb, " : ""}${targets.includes("windows-x64") ? "agent-connector.json, " : ""}install.sh, install.ps1, npm/, SIZES.md`,
  );
  console.error(sizes.join("\n"));
}

await main();
