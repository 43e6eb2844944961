/**
 * `bun build/compile.ts`        → dist/agent-connector for this machine
 * `bun build/compile.ts --all`  → dist/agent-connector-<os>-<arch>[.exe] for every release target,
 *                                 plus dist/SHA256SUMS
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");
const entry = join(root, "src", "cli.ts");

export const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"] as const;

async function compile(outfile: string, target?: string): Promise<void> {
  // Autoload off: Bun would otherwise read .env and bunfig.toml from the HOST's working directory at
  // start, so any project could redirect AGENT_CONNECTOR_HOME or preload code into every hook call.
  // JIT policy 100: a hook call runs each function about once, so compiling it is wasted work
  // (≈0.7 ms of CPU per call, bench/hook-roundtrip.ts); the other commands reset it (src/main.ts).
  const argv = ["build", "--compile", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", "--compile-jit-policy", "100", "--minify", "--bytecode", "--format=esm", "--splitting", entry, "--outfile", outfile];
  if (target) argv.push(`--target=bun-${target}`);
  const proc = Bun.spawnSync([process.execPath, ...argv], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) {
    process.stderr.write(proc.stderr);
    throw new Error(`bun build failed for ${target ?? "this machine"}`);
  }
}

mkdirSync(dist, { recursive: true });
if (process.argv.includes("--all")) {
  const sums: string[] = [];
  for (const target of TARGETS) {
    const name = `agent-connector-${target}${target.startsWith("windows") ? ".exe" : ""}`;
    await compile(join(dist, name), target);
    sums.push(`${createHash("sha256").update(readFileSync(join(dist, name))).digest("hex")}  ${name}`);
    console.log(`built dist/${name}`);
  }
  writeFileSync(join(dist, "SHA256SUMS"), `${sums.join("\n")}\n`);
  console.log("wrote dist/SHA256SUMS");
} else {
  await compile(join(dist, "agent-connector"));
  console.log("built dist/agent-connector");
}
