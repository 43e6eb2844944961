import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
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
const modules = (text: string) => [
  ...new Set(
    [
      ...text
        .replaceAll(`entry-copy:${REPO}/`, "")
        .replaceAll(".ts?entry-copy", ".ts")
        .matchAll(/^\/\/ ((?:src|adapters)\/[\w/.-]+\.ts)$/gm),
    ].map((m) => m[1]!),
  ),
];

const transpiler = new Bun.Transpiler({ loader: "ts" });
/** A source module's imports of our own modules (repo paths), by kind; type-only imports vanish in the build and here. */
function importsOf(file: string, kind: "import-statement" | "dynamic-import"): string[] {
  const code = readFileSync(join(REPO, file), "utf8").replace(/^#!.*/, "");
  return transpiler
    .scanImports(code)
    .filter((found) => found.kind === kind && found.path.startsWith("."))
    .map((found) => relative(REPO, resolve(REPO, dirname(file), found.path)));
}
/** What loading `file` loads with it: the modules its static imports reach, itself included (by the sources). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (!seen.has(file)) {
    seen.add(file);
    for (const target of importsOf(file, "import-statement")) staticClosure(target, seen);
  }
  return seen;
}

test("the hook entry chunk is the daemon's client: no Node built-in, no library, not the hook runtime", () => {
  expect(build.success).toBe(true);
  const entry = reach("cli.js");
  // One module: each chunk it imported would be one more for the runtime to load on every call.
  expect(entry.chunks).toEqual(["cli.js"]);
  // Not even bun:ffi: the client's system calls use Bun.FFI, its native side (src/hook/call-blocking.ts).
  expect(entry.external).toEqual([]);
  expect(libraries(entry.text)).toEqual([]);
  const held = modules(entry.text);
  // Nothing beyond what src/cli.ts imports statically: everything else stays behind its dynamic imports.
  const imported = staticClosure("src/cli.ts");
  expect(held.filter((file) => !imported.has(file))).toEqual([]);
  expect(held).toContain("src/hook/client.ts");
  // None of those (the daemon, its workers, the in-process hook, the CLI) is pulled in statically after all.
  expect(importsOf("src/cli.ts", "dynamic-import").filter((later) => held.includes(later))).toEqual([]);
  // And what is held is the client: src/cli.ts, what src/hook/client.ts loads, and leaves (modules that
  // load nothing more: constants). A module beyond those would bring its own imports into every call.
  const client = staticClosure("src/hook/client.ts");
  expect(held.filter((file) => file !== "src/cli.ts" && !client.has(file) && staticClosure(file).size > 1)).toEqual([]);
  // Leaves cost their size: every call parses the entry (20 KB unminified on 2026-12-04). Growing it is a decision.
  expect(entry.text.length).toBeLessThan(32_000);
});

test("the in-process hook statically loads no Node built-in, no install-time library and no adapter", () => {
  const chunk = readdirSync(out).find((file) => readFileSync(join(out, file), "utf8").includes("// src/hook/in-process.ts\n"))!;
  expect(chunk).toBeDefined();
  const hook = reach(chunk);
  expect(hook.external).toEqual([]);
  expect(libraries(hook.text)).toEqual(["valibot"]);
  expect(modules(hook.text)).toContain("src/hook/run.ts");
  // One adapter per call: no adapter module is loaded up front (each is a chunk of its own, imported by
  // id). What adapters/ modules it holds define no adapter and import none statically (tables of loaders).
  const adapters = modules(hook.text).filter((file) => file.startsWith("adapters/"));
  expect(adapters.filter((file) => readFileSync(join(REPO, file), "utf8").includes("defineAdapter("))).toEqual([]);
  expect(adapters.filter((file) => importsOf(file, "import-statement").some((target) => target.startsWith("adapters/")))).toEqual([]);
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
