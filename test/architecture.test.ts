/**
 * The dependency picture: modules import only downward, and no module imports itself back
 * through others. Type-only imports count too.
 *
 *   3  src/commands/, src/main.ts, src/cli.ts   the CLI
 *   2  src/hook/ | src/install/                 the two jobs; neither imports the other
 *   1  adapters/                                one file per host, data
 *   0  everything else in src/                  vocabulary, shared behaviour, families of hosts
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const REPO = join(import.meta.dir, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [relative(REPO, path)] : [];
  });
}

/** Relative imports of a file (static, dynamic, type-only), as repo paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(REPO, file), "utf8");
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => relative(REPO, resolve(dirname(join(REPO, file)), m[1]!)));
}

function layer(file: string): { rank: number; part: string } {
  if (file.startsWith("src/commands/") || file === "src/main.ts" || file === "src/cli.ts") return { rank: 3, part: "cli" };
  if (file.startsWith("src/hook/")) return { rank: 2, part: "hook" };
  if (file.startsWith("src/install/")) return { rank: 2, part: "install" };
  if (file.startsWith("adapters/")) return { rank: 1, part: "adapters" };
  return { rank: 0, part: "base" };
}

const FILES = [...sources(join(REPO, "src")), ...sources(join(REPO, "adapters"))];
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file).filter((target) => target.endsWith(".ts"))]));

describe("dependency picture", () => {
  test("the layers are recognised: the scan sees every part", () => {
    const parts = new Set(FILES.map((file) => layer(file).part));
    expect([...parts].sort()).toEqual(["adapters", "base", "cli", "hook", "install"]);
    expect(GRAPH.get("src/commands/install.ts")).toContain("src/install/plan.ts");
  });

  test("no module imports upward, and the hook path and install do not import each other", () => {
    const upward: string[] = [];
    for (const [file, targets] of GRAPH) {
      const from = layer(file);
      for (const target of targets) {
        const to = layer(target);
        if (to.rank > from.rank || (to.rank === from.rank && to.rank === 2 && to.part !== from.part)) upward.push(`${file} → ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  test("no import cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === "done") return;
      if (state.get(file) === "open") {
        cycles.push([...path.slice(path.indexOf(file)), file].join(" → "));
        return;
      }
      state.set(file, "open");
      for (const target of GRAPH.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, "done");
    };
    for (const file of GRAPH.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
