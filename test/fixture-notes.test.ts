import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO } from "./support/harness.ts";

/** Every fixture folder says where each of its payloads comes from (a real run or the docs). */

const ROOT = join(REPO, "test", "fixtures");
const folders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [join(dir, e.name), ...folders(join(dir, e.name))]);

for (const folder of folders(ROOT)) {
  test(`${relative(ROOT, folder)}/README.md names each payload`, () => {
    const note = join(folder, "README.md");
    expect(existsSync(note)).toBe(true);
    const text = readFileSync(note, "utf8");
    expect(text).toMatch(/\*\*(Captured|Written from)/);
    const unnamed = readdirSync(folder).filter((name) => name.endsWith(".json") && !text.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
}
