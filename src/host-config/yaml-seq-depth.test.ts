import { expect, test } from "bun:test";
import { parse } from "yaml";
import { sequencesAtKeyDepth } from "./yaml-seq-depth.ts";

// What the `yaml` package writes with { indent: 4, indentSeq: false }: items 2 deeper than their key.
const WRITTEN = [
  "model:",
  "    tags:",
  "      - a",
  "      - b: 1",
  "        c:",
  "          - d",
  "        text: |",
  "            line1",
  "              line2",
  "      # after the tags",
  "    flow: [1, 2]",
  "",
].join("\n");

test("each sequence moves to its key's depth, nested ones twice, block scalars and comments with them", () => {
  const moved = sequencesAtKeyDepth(WRITTEN, 4);
  expect(moved).toBe(
    [
      "model:",
      "    tags:",
      "    - a",
      "    - b: 1",
      "      c:",
      "      - d",
      "      text: |",
      "          line1",
      "            line2",
      "    # after the tags",
      "    flow: [1, 2]",
      "",
    ].join("\n"),
  );
  expect(parse(moved)).toEqual(parse(WRITTEN));
});

test("with an indentation of 2 or less the library already wrote them there: nothing moves", () => {
  expect(sequencesAtKeyDepth("a:\n- b\n", 2)).toBe("a:\n- b\n");
  expect(sequencesAtKeyDepth("a: 1\n", 4)).toBe("a: 1\n");
});
