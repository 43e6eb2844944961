import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * Every `#anchor` of a link between the repository's Markdown pages (and of a `docs/…md#anchor` a
 * code comment names) is a heading of the page it points at: docs/contributing.md sends
 * contributors to sections of docs/performance.md, whose rounds moved to docs/decisions/.
 */
const REPO = join(import.meta.dir, "..", "..");

function files(dir: string, ends: string[], into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, ends, into);
    else if (ends.some((end) => entry.name.endsWith(end))) into.push(path);
  }
  return into;
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(page, "utf8").replace(/```[\s\S]*?```/g, "");
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(m[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

test("every #anchor into a Markdown page names one of its headings", () => {
  const broken: string[] = [];
  for (const page of files(REPO, [".md"])) {
    const text = readFileSync(page, "utf8")
      .replace(/```[\s\S]*?```/g, "")
      .replace(/`[^`\n]*`/g, "");
    for (const m of text.matchAll(/\]\(([^)\s#]*\.md)?#([^)\s]+)\)/g)) {
      const target = m[1] ? resolve(dirname(page), m[1]) : page;
      if (existsSync(target) && !anchorsOf(target).has(decodeURIComponent(m[2]!))) broken.push(`${relative(REPO, page)}: ${m[0]}`);
    }
  }
  for (const source of files(join(REPO, "src"), [".ts"])) {
    for (const m of readFileSync(source, "utf8").matchAll(/\b(docs\/[\w/-]+\.md)#([\w-]+)/g)) {
      const target = join(REPO, m[1]!);
      if (!existsSync(target) || !anchorsOf(target).has(m[2]!)) broken.push(`${relative(REPO, source)}: ${m[0]}`);
    }
  }
  expect(broken).toEqual([]);
});
