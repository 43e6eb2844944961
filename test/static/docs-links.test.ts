import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const REPO = join(import.meta.dir, "..", "..");
const DOCS = join(REPO, "docs");

/** README.md and every Markdown file under docs/ (docs/hosts/ included). */
function pages(): string[] {
  const found = [join(REPO, "README.md")];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith(".md")) found.push(join(dir, entry.name));
    }
  };
  walk(DOCS);
  return found;
}

/** The targets of `](…)` links outside code, without their #anchor; web and mail links left out. */
function relativeLinks(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const links: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    links.push(decodeURIComponent(target.split("#")[0]!));
  }
  return links;
}

test.each(pages().map((p) => [relative(REPO, p), p]))("%s: every relative link points at a file in the repository", (_name, page) => {
  const broken = relativeLinks(readFileSync(page, "utf8")).filter((target) => {
    const path = resolve(dirname(page), target);
    return !path.startsWith(`${REPO}/`) || !existsSync(path);
  });
  expect(broken).toEqual([]);
});

test("no page links outside the repository", () => {
  const outside = pages().filter((page) => /\.\.\/shared|\]\(\/(?!\/)/.test(readFileSync(page, "utf8")));
  expect(outside.map((p) => relative(REPO, p))).toEqual([]);
});
