import { expect, test } from "bun:test";
import { appendAt, deleteAt, dropItems, isSequenceAt, mappingOrAbsent, parseYamlDoc, sameYamlData, setAt, valueAt, yamlText } from "./yaml-text.ts";

const FILE = "config.yaml";

test("a value set deep and deleted again: the parents it created go with it, the comment stays", () => {
  const yaml = parseYamlDoc("a:\n  b: 1 # one\n", FILE);
  setAt(yaml, ["a", "c", "d"], [1]);
  expect(yamlText(yaml, "\n")).toBe("a:\n  b: 1 # one\n  c:\n    d:\n      - 1\n");
  deleteAt(yaml, ["a", "c", "d"]);
  expect(yamlText(yaml, "\n")).toBe("a:\n  b: 1 # one\n");
});

test("the file's indentation, sequence style and line ends are kept", () => {
  const yaml = parseYamlDoc("list:\r\n- a\r\nmap:\r\n  k: v\r\n", FILE);
  appendAt(yaml, ["list"], "b");
  expect(yamlText(yaml, "\r\n")).toBe("list:\r\n- a\r\n- b\r\nmap:\r\n  k: v\r\n");
  const deep = parseYamlDoc("map:\n    list:\n        - a\n", FILE);
  appendAt(deep, ["map", "list"], "b");
  expect(yamlText(deep, "\n")).toBe("map:\n    list:\n        - a\n        - b\n");
});

// Found by this test: with 4-space indentation and `- ` at the key's depth, every list was written
// 2 deeper than its key ("list:\n  - a\n  - b\n…"), the user's own included.
test("4-space indentation keeps sequences at their key's depth", () => {
  const yaml = parseYamlDoc("list:\n- a\nmap:\n    k: v\n", FILE);
  appendAt(yaml, ["list"], "b");
  expect(yamlText(yaml, "\n")).toBe("list:\n- a\n- b\nmap:\n    k: v\n");
});

test("items of a sequence dropped by their value, the count returned", () => {
  const yaml = parseYamlDoc("l:\n  - keep\n  - {x: 1}\n  - drop\n", FILE);
  expect(dropItems(yaml, ["l"], (item) => item === "drop" || (item as { x?: number })?.x === 1)).toBe(2);
  expect(valueAt(yaml, ["l"])).toEqual(["keep"]);
  expect(dropItems(yaml, ["nothing"], () => true)).toBe(0);
});

test("what sits at a path", () => {
  const yaml = parseYamlDoc("m: {a: 1}\ns: [1]\n", FILE);
  expect([mappingOrAbsent(yaml, ["m"]), mappingOrAbsent(yaml, ["absent"]), mappingOrAbsent(yaml, ["s"])]).toEqual([true, true, false]);
  expect([isSequenceAt(yaml, ["s"]), isSequenceAt(yaml, ["m"])]).toEqual([true, false]);
  expect(valueAt(yaml, [])).toEqual({ m: { a: 1 }, s: [1] });
});

test("an emptied document is an empty file", () => {
  const yaml = parseYamlDoc("a: 1\n", FILE);
  deleteAt(yaml, ["a"]);
  expect(yamlText(yaml, "\n")).toBe("");
});

test("a file that does not parse, holds a key twice or is no mapping is refused, naming the line", () => {
  expect(() => parseYamlDoc("a: [1", FILE)).toThrow("config.yaml: cannot be parsed as YAML (line 1); fix it or move it aside, nothing was written");
  expect(() => parseYamlDoc("a: 1\na: 2\n", FILE)).toThrow("config.yaml: holds a key twice (line 2); fix it or move it aside, nothing was written");
  expect(() => parseYamlDoc("- 1\n", FILE)).toThrow("config.yaml: is not a YAML mapping; nothing was written");
});

test("same data whatever the style", () => {
  expect(sameYamlData("a: [1, 2] # c\n", "a:\n  - 1\n  - 2\n")).toBe(true);
  expect(sameYamlData("a: 1", "a: '1'")).toBe(false);
  expect(sameYamlData("", "# nothing\n")).toBe(true);
});
