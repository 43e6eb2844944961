import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./support/harness.ts";
import { tempDir } from "./support/temp.ts";
import { ORDER_FILES } from "../build/bytecode-order.ts";
import { bundleOptions } from "../build/compile.ts";

/**
 * The hook path answers every tool call of every agent, so what it loads is a budget
 * (bench/hook-roundtrip.ts). Loading node:fs, node:path, node:os or node:crypto costs a compiled
 * Bun binary 0.3–1.8 ms each, and citty / consola / diff / yaml / smol-toml belong to install.
 * This follows the static imports of the bundled chunks: the entry chunk is the daemon's client
 * only (src/hook/client.ts: no library at all, not the hook runtime); the in-process hook
 * (src/hook/in-process.ts, what a call runs when the daemon cannot answer it, and what the daemon's
 * workers run) reaches valibot and nothing else, and no host's adapter (a call loads only its own
 * host's, adapters/hosts.ts).
 */
const out = tempDir("ac-chunks-");
// Bundled as the binary is (build/compile.ts), unminified: each module is named in a comment.
const build = await Bun.build({ ...bundleOptions(), outdir: out });

/** Every chunk `from` reaches through static imports, and the bare specifiers (Node built-ins, packages) they import. */
function reach(from: string): { chunks: string[]; text: string; external: string[] } {
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
  visit(from);
  return { chunks: [...reached], text: [...reached].map((file) => readFileSync(join(out, file), "utf8")).join("\n"), external: [...external] };
}

// Unminified bundles name each module in a comment: "// node_modules/citty/dist/index.mjs", "// src/hook/run.ts".
const libraries = (text: string) => [...new Set([...text.matchAll(/^\/\/ (?:[^\n]*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)/gm)].map((m) => m[1]))];
// The entry's own copies (build/one-module-entry.ts) are named "// entry-copy:<repo>/src/….ts?entry-copy".
// A module's comment can come twice (Bun writes a module's imports apart from its code): counted once.
const modules = (text: string) => [...new Set([...text.replaceAll(`entry-copy:${REPO}/`, "").replaceAll(".ts?entry-copy", ".ts").matchAll(/^\/\/ ((?:src|adapters)\/[\w/.-]+\.ts)$/gm)].map((m) => m[1]!))];

test("the hook entry chunk is the daemon's client: no Node built-in, no library, not the hook runtime", () => {
  expect(build.success).toBe(true);
  const entry = reach("cli.js");
  // One module: each chunk it imported would be one more for the runtime to load on every call.
  expect(entry.chunks).toEqual(["cli.js"]);
  // Not even bun:ffi: the client's system calls use Bun.FFI, its native side (src/hook/call-blocking.ts).
  expect(entry.external).toEqual([]);
  expect(libraries(entry.text)).toEqual([]);
  expect(modules(entry.text).sort()).toEqual(["src/cli.ts", "src/core/timeout.ts", "src/daemon/address.ts", "src/daemon/ask.ts", "src/daemon/trust.ts", "src/daemon/wire.ts", "src/hook/argv.ts", "src/hook/call-blocking.ts", "src/hook/call-evented.ts", "src/hook/client.ts", "src/hook/handoff.ts", "src/hook/trust-blocking.ts", "src/hook/trust-evented.ts", "src/jit-policy.ts", "src/paths.ts"]);
});

test("the in-process hook statically loads no Node built-in, no install-time library and no adapter", () => {
  const chunk = readdirSync(out).find((file) => readFileSync(join(out, file), "utf8").includes("// src/hook/in-process.ts\n"))!;
  expect(chunk).toBeDefined();
  const hook = reach(chunk);
  expect(hook.external).toEqual([]);
  expect(libraries(hook.text)).toEqual(["valibot"]);
  expect(modules(hook.text)).toContain("src/hook/run.ts");
  // One adapter per call: no adapter module is loaded up front (each is a chunk of its own, imported by id).
  const adapters = modules(hook.text).filter((file) => file.startsWith("adapters/"));
  expect(adapters).toEqual(["adapters/hosts.ts", "adapters/guests.ts"].filter((file) => adapters.includes(file)));
  expect(hook.text).not.toContain("sources: [");
});

test("the CLI's commands sit in one chunk: every start of the binary, hook calls included, registers each chunk it holds", () => {
  const holding = readdirSync(out).filter((file) => /^\/\/ src\/commands\/[a-z][\w-]*\.ts$/m.test(readFileSync(join(out, file), "utf8")));
  expect(holding).toHaveLength(1);
});

test("the build recorded the order of a hook call's bytecode and laid the binary out by it (build/bytecode-order.ts)", () => {
  // A recording that failed leaves no file: the build warns and goes on, this says so.
  for (const name of ORDER_FILES) expect(readFileSync(join(REPO, "dist", "bytecode-order", name), "utf8").split("\n").length).toBeGreaterThan(100);
});
