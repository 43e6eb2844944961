import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./support/harness.ts";
import { tempDir } from "./support/temp.ts";

/**
 * The hook path answers every tool call of every agent, so what it loads is a budget
 * (bench/hook-roundtrip.ts). Loading node:fs, node:path, node:os or node:crypto costs a compiled
 * Bun binary 0.3–1.8 ms each, and citty / consola / diff / yaml / smol-toml belong to install.
 * This follows the static imports of the bundled entry chunk and fails if any of them is reached,
 * or any host's adapter (a hook call loads only its own host's, adapters/hosts.ts).
 */
test("the hook entry chunk statically loads no Node built-in and no install-time library", () => {
  const out = tempDir("ac-chunks-");
  const build = Bun.spawnSync([process.execPath, "build", "--format=esm", "--splitting", "--target=bun", join(REPO, "src", "cli.ts"), "--outdir", out]);
  expect(build.exitCode).toBe(0);

  const reached = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    const code = readFileSync(join(out, file), "utf8");
    for (const [, spec] of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?"([^"]+)"/g)) {
      if (spec!.startsWith("./")) visit(spec!.slice(2));
      else external.add(spec!);
    }
  };
  visit("cli.js");
  expect([...external]).toEqual([]);
  const text = [...reached].map((file) => readFileSync(join(out, file), "utf8")).join("\n");
  // Unminified bundles name each module in a comment: "// node_modules/citty/dist/index.mjs".
  const libraries = [...text.matchAll(/^\/\/ (?:[^\n]*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/gm)].map((m) => m[1]);
  expect([...new Set(libraries)]).toEqual(["valibot"]);
  // One adapter per call: no adapter module is loaded up front (each is a chunk of its own, imported
  // by id); unminified bundles name each module in a comment too: "// adapters/claude-code.ts".
  const adapters = [...text.matchAll(/^\/\/ adapters\/([\w-]+)\.ts$/gm)].map((m) => m[1]);
  expect(adapters).toEqual(["hosts", "guests"].filter((name) => adapters.includes(name)));
  expect(text).not.toContain("sources: [");
});
