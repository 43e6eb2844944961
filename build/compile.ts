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

/**
 * Names the build's daemon socket (src/daemon/address.ts): made from what the binary runs (the
 * commit, the bundled code, the Bun runtime and the target), so two builds of the same code are the
 * same bytes, and a build of other code (an edit, even uncommitted) never reaches the daemon of another.
 */
export async function buildId(commit: string, target?: string): Promise<string> {
  const bundle = await Bun.build({
    ...bundleOptions(),
    minify: true,
    define: { AGENT_CONNECTOR_COMMIT: JSON.stringify(commit), AGENT_CONNECTOR_BUILD: '""' },
  } as Bun.BuildConfig);
  if (!bundle.success) throw new Error(`bun build failed: ${bundle.logs.join("\n")}`);
  const hash = new Bun.CryptoHasher("sha256");
  hash.update(`${commit}\0${target ?? "host"}\0${Bun.version}\0${Bun.revision}\0`);
  for (const output of bundle.outputs) {
    hash.update(`${output.path}\0`);
    hash.update(await output.arrayBuffer());
  }
  return hash.digest("hex").slice(0, 16);
}

/** Where the last build keeps the bytecode order it recorded (build/bytecode-order.ts); the bench's own builds reuse it. */
export const ORDER_DIR = join(DIST, "bytecode-order");

/** The order files the last build recorded, most important first (none before the first build). */
export const lastOrder = (): string[] => ORDER_FILES.map((name) => join(ORDER_DIR, name)).filter((path) => existsSync(path));

/**
 * Builds the binary; `order`: the bytecode order files to lay it out by, false for none, and by
 * default recorded now from a first build of this machine (two builds and a few hook calls: seconds).
 */
export async function compile(outfile: string, target?: string, { order, id: given }: { order?: string[] | false; id?: string } = {}): Promise<void> {
  const commit = buildCommit();
  const id = given ?? (await buildId(commit, target));
  const layout = order ?? (await recordBytecodeOrder(commit, id));
  await bunCompile(outfile, { target, id, commit, order: layout || undefined });
}

/** Builds this machine's binary in a temporary folder and records the order of its hook calls (several targets can share it). */
export async function recordBytecodeOrder(commit = buildCommit(), id?: string): Promise<string[] | undefined> {
  id ??= await buildId(commit);
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
