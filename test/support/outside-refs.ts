/**
 * Finds the places where a text refers to something outside the repository: a relative path that
 * climbs above the repository root, the workspace's sibling folder `shared/`, or an absolute path
 * of one particular machine (its temp or work folder, root's or a user's home).
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export interface OutsideRef {
  line: number;
  text: string;
  why: string;
}

// Not preceded by a character that makes it part of a longer path, word or URL
// ("<HOME>/.gemini/tmp/x", "https://host/home/x", "$HOME/x", "~/x").
const ABSOLUTE = /(?<![\w.~<>$}\])/@%-])\/(?:tmp|work|root|home\/[\w.-]+|Users\/[\w.-]+)(?=[/\s"'`),;:\]]|$)[^\s"'`),;]*/g;
const RELATIVE = /(?<![\w./-])(?:\.\.?\/)*\.\.\/[\w.@<>*{}$-]*[\w.@<>*{}$/-]*/g;
const SHARED = /(?<![\w./-])((?:\.\.?\/)*)shared(?:\/[\w.-]+)+/g;
// join(import.meta.dir, …) and join(REPO, …) with string parts: the base is the file's folder or the root.
const JOIN = /\b(?:join|resolve)\(\s*(import\.meta\.dirname|import\.meta\.dir|__dirname|REPO|ROOT|repo|root)\s*((?:,\s*"[^"\n]*"\s*)+)\)/g;

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith("/"));
};

/** The references in `text` (the contents of `file`, a path under `root`) that point outside `root`. */
export function outsideRefs(root: string, file: string, text: string): OutsideRef[] {
  const found: OutsideRef[] = [];
  const folder = dirname(file);
  text.split("\n").forEach((raw, index) => {
    const line = raw.replaceAll("file://", "");
    const add = (match: string, why: string) => found.push({ line: index + 1, text: match.replace(/[.:]+$/, ""), why });
    for (const [match] of line.matchAll(ABSOLUTE)) add(match, "an absolute path of one machine");
    for (const [match] of line.matchAll(RELATIVE)) {
      if (!inside(root, resolve(folder, match))) add(match, "climbs above the repository root");
    }
    for (const [match, ups] of line.matchAll(SHARED)) {
      const base = ups ? resolve(folder, ups) : folder;
      const there = (dir: string) => existsSync(join(dir, "shared"));
      if (!there(base) && !there(root)) add(match, "names the workspace's shared/ folder, which is not in the repository");
    }
    for (const [match, base, args] of line.matchAll(JOIN)) {
      const parts = [...args!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
      const from = base!.startsWith("import.meta") || base === "__dirname" ? folder : root;
      if (!inside(root, resolve(from, ...parts))) add(match, "climbs above the repository root");
    }
  });
  return found;
}
