import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Every fixture folder says where each of its payloads comes from (a real run or the docs). */

const ROOT = join(import.meta.dir, "..", "fixtures");
const folders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);

/** What the folder's note lacks, all of it at once. */
function noteGaps(folder: string): string[] {
  const payloads = readdirSync(folder).filter((name) => name.endsWith(".json"));
  const note = join(folder, "README.md");
  if (!existsSync(note))
    return [`no README.md saying where each payload comes from${payloads.length ? `: ${payloads.map((name) => `\`${name}\``).join(", ")}` : ""}`];
  const text = readFileSync(note, "utf8");
  return [
    ...(/\*\*(Captured|Written from)/.test(text) ? [] : ["README.md says neither **Captured** nor **Written from**"]),
    ...payloads.filter((name) => !text.includes(`\`${name}\``)).map((name) => `README.md does not name \`${name}\``),
  ];
}

for (const folder of folders(ROOT)) {
  test(`${relative(ROOT, folder)}/README.md names each payload`, () => {
    expect(noteGaps(folder)).toEqual([]);
  });
}
