/**
 * `bun build/compile.ts`                → dist/agent-connector for this machine
 * `bun build/compile.ts --target <t>`   → dist/agent-connector-<t>[.exe] (cross-compiled: Bun fetches
 *                                         that target's runtime, @oven/bun-<os>-<arch>, from npm)
 * Release artifacts (every target, SHA256SUMS, Homebrew, Scoop, install scripts): build/release.ts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { artifactName } from "../src/install/self/release.ts";

export const ROOT = join(import.meta.dir, "..");
export const DIST = join(ROOT, "dist");
const entry = join(ROOT, "src", "cli.ts");

const git = (...args: string[]) => Bun.spawnSync(["git", ...args], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });

/** The commit `--version` reports: HEAD, "-dirty" when tracked files differ from it. */
export function buildCommit(): string {
  const head = git("rev-parse", "--short=12", "HEAD");
  if (head.exitCode !== 0) return "unknown";
  const dirty = git("diff", "--quiet", "HEAD", "--").exitCode !== 0;
  return `${head.stdout.toString().trim()}${dirty ? "-dirty" : ""}`;
}

/** Names the build's daemon socket (src/daemon/address.ts): every build its own, a rebuild from the same commit too. */
export const buildId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export async function compile(outfile: string, target?: string): Promise<void> {
  // Autoload off: Bun would otherwise read .env and bunfig.toml from the HOST's working directory at
  // start, so any project could redirect AGENT_CONNECTOR_HOME or preload code into every hook call.
  // JIT policy 100: a hook call runs each function about once, so compiling it is wasted work
  // (≈0.7 ms of CPU per call, bench/hook-roundtrip.ts); the other commands reset it (src/main.ts).
  const argv = ["build", "--compile", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", "--compile-jit-policy", "100", "--minify", "--bytecode", "--format=esm", "--splitting"];
  argv.push(`--define`, `AGENT_CONNECTOR_COMMIT=${JSON.stringify(buildCommit())}`, `--define`, `AGENT_CONNECTOR_BUILD=${JSON.stringify(buildId())}`, entry, "--outfile", outfile);
  if (target) argv.push(`--target=bun-${target}`);
  const proc = Bun.spawnSync([process.execPath, ...argv], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) {
    process.stderr.write(proc.stderr);
    throw new Error(`bun build failed for ${target ?? "this machine"}`);
  }
}

if (import.meta.main) {
  mkdirSync(DIST, { recursive: true });
  const at = process.argv.indexOf("--target");
  const target = at > 0 ? process.argv[at + 1] : undefined;
  const out = join(DIST, target ? artifactName(target) : "agent-connector");
  await compile(out, target);
  console.log(`built ${out}`);
}
