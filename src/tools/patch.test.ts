import { expect, test } from "bun:test";
import { patchPaths } from "./patch.ts";

test("an apply_patch envelope: every added, updated, deleted and moved-to file, once", () => {
  const patch = [
    "*** Begin Patch",
    "*** Add File: .env",
    "+X=1",
    "*** Update File: src/a.ts",
    "*** Move to: src/b.ts",
    "@@",
    "-a",
    "+b",
    "*** Delete File: old.txt",
    "*** Update File: .env",
    "*** End Patch",
  ].join("\n");
  expect(patchPaths(patch)).toEqual([".env", "src/a.ts", "src/b.ts", "old.txt"]);
});

test("a unified diff: the a/ and b/ prefixes and /dev/null left out", () => {
  const diff = ["--- a/src/x.ts\t2026-01-01", "+++ b/src/x.ts", "@@ -1 +1 @@", "-a", "+b", "--- /dev/null", "+++ b/.env"].join("\n");
  expect(patchPaths(diff)).toEqual(["src/x.ts", ".env"]);
});

test("envelope lines inside a unified diff's body are not read as paths, nor the other way round", () => {
  expect(patchPaths("*** Begin Patch\n*** Update File: a\n---- not a header\n*** End Patch")).toEqual(["a"]);
  expect(patchPaths("just text")).toEqual([]);
});
