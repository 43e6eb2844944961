/**
 * `bun build/compile.ts`                → dist/agent-connector for this machine
 * `bun build/compile.ts --target <t>`   → dist/agent-connector-<t>[.exe] (cross-compiled: Bun fetches
 *                                         that target's runtime, @oven/bun-<os>-<arch>, from npm)
 * Release artifacts (every target, SHA256SUMS, Homebrew, Scoop, install scripts): build/release.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { artifactName } from "../src/install/self/release.ts";
import { ORDER_FILES, recordHookOrder } from "./bytecode-order.ts";
import { oneModuleEntry } from "./one-module-entry.ts";

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

/** Where the last build keeps the bytecode order it recorded (build/bytecode-order.ts); the bench's own builds reuse it. */
export const ORDER_DIR = join(DIST, "bytecode-order");

/** The order files the last build recorded, most important first (none before the first build). */
export const lastOrder = (): string[] => ORDER_FILES.map((name) => join(ORDER_DIR, name)).filter((path) => existsSync(path));

/**
 * Builds the binary; `order`: the bytecode order files to lay it out by, false for none, and by
 * default recorded now from a first build of this machine (two builds and a few hook calls: seconds).
 */
export async function compile(outfile: string, target?: string, { order }: { order?: string[] | false } = {}): Promise<void> {
  const id = buildId();
  const commit = buildCommit();
  const layout = order ?? (await recordBytecodeOrder(id, commit));
  await bunCompile(outfile, { target, id, commit, order: layout || undefined });
}

/** Builds this machine's binary in a temporary folder and records the order of its hook calls (several targets can share it). */
export async function recordBytecodeOrder(id = buildId(), commit = buildCommit()): Promise<string[] | undefined> {
  const work = mkdtempSync(join(tmpdir(), "ac-first-build-"));
  try {
    const first = join(work, "agent-connector");
    await bunCompile(first, { id, commit });
    return recordHookOrder(first, ORDER_DIR);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * How the binary's code is bundled, for every build of it: this file's, the bench's one-adapter
 * binary (bench/hook-roundtrip.ts) and the chunk checks of test/hot-path.test.ts. `plugins` come
 * after our own.
 */
export function bundleOptions(plugins: Bun.BunPlugin[] = []) {
  return { entrypoints: [entry], format: "esm", splitting: true, target: "bun", plugins: [oneModuleEntry(entry), ...plugins] } satisfies Bun.BuildConfig;
}

async function bunCompile(outfile: string, { target, id, commit, order }: { target?: string; id: string; commit: string; order?: string[] }): Promise<void> {
  const result = await Bun.build({
    ...bundleOptions(),
    compile: {
      outfile,
      ...(target ? { target: `bun-${target}` } : {}),
      // Autoload off: Bun would otherwise read .env and bunfig.toml from the HOST's working directory at
      // start, so any project could redirect AGENT_CONNECTOR_HOME or preload code into every hook call.
      autoloadDotenv: false,
      autoloadBunfig: false,
      ...(order?.length ? { bytecodeOrder: order } : {}),
    },
    minify: true,
    bytecode: true,
    define: { AGENT_CONNECTOR_COMMIT: JSON.stringify(commit), AGENT_CONNECTOR_BUILD: JSON.stringify(id) },
  } as Bun.BuildConfig);
  if (!result.success) {
    for (const log of result.logs) process.stderr.write(`${log}\n`);
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
