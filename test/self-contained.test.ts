import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO } from "./support/harness.ts";
import { outsideRefs } from "./support/outside-refs.ts";

/** Nothing in the repository points outside it: a clone must build, test and read on its own. */

const FOLDERS = ["src", "adapters", "test", "build", "bench", "examples", "docs", ".ci"];
const SKIP = new Set(["node_modules", "dist", ".git"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const topLevel = readdirSync(REPO).filter((name) => !SKIP.has(name) && statSync(join(REPO, name)).isFile() && name !== "package-lock.json");
const files = [
  ...topLevel.map((name) => join(REPO, name)),
  ...FOLDERS.filter((folder) => existsSync(join(REPO, folder))).flatMap((folder) => filesUnder(join(REPO, folder))),
];

describe("no file refers to a path outside the repository", () => {
  for (const file of files) {
    const name = relative(REPO, file);
    test(name, () => {
      const bytes = readFileSync(file);
      if (bytes.includes(0)) return; // binary
      const refs = outsideRefs(REPO, file, bytes.toString("utf8")).map((ref) => `${name}:${ref.line}: ${ref.text} (${ref.why})`);
      expect(refs).toEqual([]);
    });
  }
});

// The samples are put together from pieces so that this file does not trip its own check.
describe("the check itself", () => {
  const up = "..";
  const file = join(REPO, "test", "support", "sample.ts");
  const found = (text: string) => outsideRefs(REPO, file, text).map((ref) => ref.text);

  test("paths above the root, relative or built with join", () => {
    expect(found(`// see ${up}/${up}/${up}/elsewhere/notes.md`)).toEqual([`${up}/${up}/${up}/elsewhere/notes.md`]);
    expect(found(`const dir = join(REPO, "${up}", "${"shared"}");`)).toEqual([`join(REPO, "${up}", "${"shared"}")`]);
    expect(found(`const dir = join(import.meta.dir, "${up}", "${up}", "${up}");`)).toHaveLength(1);
  });

  test("the workspace's shared folder, with or without ../", () => {
    expect(found(`// Facts: ${"shared"}/hosts/codex.md`)).toEqual([`${"shared"}/hosts/codex.md`]);
    expect(found(`read("${up}/${"shared"}/payloads/x.json")`)).toEqual([`${up}/${"shared"}/payloads/x.json`]);
  });

  test("absolute paths of one machine", () => {
    for (const path of ["/tm" + "p/specs/cursor.md", "/wo" + "rk/notes", "/ro" + "ot/.claude", "/ho" + "me/alice/project", "/Us" + "ers/bob/x"]) {
      expect(found(`// from ${path}, and "${path}"`)).toEqual([path, path]);
    }
  });

  test("no false alarm: imports inside the repo, PATH defaults, URLs, home-relative and placeholder paths", () => {
    const fine = [
      `import { x } from "${up}/${up}/src/events.ts";`,
      `const harness = join(import.meta.dir, "${up}", "${up}");`,
      `PATH: process.env.PATH ?? "/usr/bin:/bin"`,
      `// https://example.com/home/user/docs and https://example.com/tmp/x`,
      `"transcript_path": "<HOME>/.gemini/tmp/cwd/chats/s.jsonl"`,
      `// ~/.codex/hooks.json and $HOME/.config and \${home}/.claude`,
      `// the tests' folder: test/fixtures/claude-code/`,
    ];
    for (const line of fine) expect(found(line)).toEqual([]);
  });
});
