/**
 * The dependency picture: modules import only downward, and no module imports itself back
 * through others. Type-only imports count too.
 *
 *   3  src/commands/, src/main.ts, src/cli.ts   the CLI
 *   2  src/hook/ | src/install/                 the two jobs; neither imports the other
 *   1  adapters/                                one file per host, data
 *   0  everything else in src/                  vocabulary, shared behaviour, families of hosts
 *
 * Within layer 0 folders depend one way too: no folder imports one that imports it back (a file
 * directly in src/ counts as a folder of its own; tests and their helpers do not count). The tool
 * vocabulary, src/tools/, is at the bottom: of src/ it imports only leaf modules (which import
 * nothing).
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

/** Test files and their helpers (`*.testing.ts`) may reach across folders: they are not part of the picture of folders. */
const isTest = (file: string): boolean => /\.test(ing)?\.ts$/.test(file);

/** The unit of the picture of folders: a file's folder, or the file itself when it sits directly in src/. */
const folder = (file: string): string => (dirname(file) === "src" ? file : dirname(file));

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

  test("the tool vocabulary imports nothing of src/ but leaf modules", () => {
    const reaching: string[] = [];
    for (const [file, targets] of GRAPH)
      if (file.startsWith("src/tools/") && !isTest(file))
        for (const target of targets) if (!target.startsWith("src/tools/") && GRAPH.get(target)?.length) reaching.push(`${file} → ${target}`);
    expect(reaching).toEqual([]);
  });

  test("no folder of layer 0 imports one that imports it back", () => {
    const edges = new Map<string, Map<string, string>>();
    for (const [file, targets] of GRAPH) {
      if (layer(file).rank !== 0 || isTest(file)) continue;
      for (const target of targets) {
        const [from, to] = [folder(file), folder(target)];
        if (from === to || layer(target).rank !== 0) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${file} → ${target}`);
      }
    }
    const reaches = (start: string, goal: string): boolean => {
      const seen = new Set<string>();
      const todo = [start];
      while (todo.length) {
        const next = todo.pop()!;
        if (next === goal) return true;
        if (seen.has(next)) continue;
        seen.add(next);
        todo.push(...(edges.get(next)?.keys() ?? []));
      }
      return false;
    };
    const back: string[] = [];
    for (const [from, tos] of edges) for (const [to, example] of tos) if (reaches(to, from)) back.push(`${from} ⇄ ${to} (${example})`);
    expect(back.sort()).toEqual([]);
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
