import { expect, test } from "bun:test";
import { appendArrayElement, detectIndent, nodeAt, parseJsonc, removeArrayElement, setProperty } from "./jsonc-text.ts";

const FILE = "settings.json";
const indentOf = detectIndent;

/** Appends `value` to the array at `path`, then removes it again: both texts. */
function appendThenRemove(text: string, path: (string | number)[], value: unknown): [string, string] {
  const added = appendArrayElement(text, nodeAt(parseJsonc(text, FILE), path)!, value, indentOf(text));
  const array = nodeAt(parseJsonc(added, FILE), path)!;
  return [added, removeArrayElement(added, array, array.children!.length - 1)];
}

test("the indentation unit and line end are the file's own", () => {
  expect(detectIndent('{\r\n\t"a": 1\r\n}')).toEqual({ unit: "\t", eol: "\r\n" });
  expect(detectIndent('{\n    "a": 1\n}')).toEqual({ unit: "    ", eol: "\n" });
  expect(detectIndent("{}")).toEqual({ unit: "  ", eol: "\n" });
});

test("a new property goes after the last one, its comment staying with the line it annotates; removing it gives the bytes back", () => {
  const text = '{\n  // the user\'s\n  "model": "opus" /* best */\n}\n';
  const added = setProperty(text, ["hooks", "Stop"], [{ command: "x" }], indentOf(text));
  expect(added).toBe(
    '{\n  // the user\'s\n  "model": "opus", /* best */\n  "hooks": {\n    "Stop": [\n      {\n        "command": "x"\n      }\n    ]\n  }\n}\n',
  );
  expect(setProperty(added, ["hooks"], undefined, indentOf(added))).toBe(text);
});

test("tabs and CRLF are kept in what is added, and removing it gives the bytes back", () => {
  const text = '{\r\n\t"a": [\r\n\t\t1\r\n\t]\r\n}';
  const [added, removed] = appendThenRemove(text, ["a"], { b: 2 });
  expect(added).toBe('{\r\n\t"a": [\r\n\t\t1,\r\n\t\t{\r\n\t\t\t"b": 2\r\n\t\t}\r\n\t]\r\n}');
  expect(removed).toBe(text);
});

test("a one-line array stays on one line", () => {
  const text = '{"a": [1, 2]} // end';
  expect(appendThenRemove(text, ["a"], { b: 3 })).toEqual(['{"a": [1, 2, {"b":3}]} // end', text]);
});

test("an element with a trailing comment: the comma goes before the comment", () => {
  const text = "[\n  1, // one\n  2 // two\n]";
  expect(appendThenRemove(text, [], 3)).toEqual(["[\n  1, // one\n  2, // two\n  3\n]", text]);
});

test("a list written with trailing commas gets one more such line", () => {
  const text = "[\n  1,\n]";
  expect(appendThenRemove(text, [], 2)).toEqual(["[\n  1,\n  2,\n]", text]);
});

test("an empty array is opened onto lines, and closed back to []", () => {
  const text = '{\n  "a": []\n}';
  expect(appendThenRemove(text, ["a"], 1)).toEqual(['{\n  "a": [\n    1\n  ]\n}', text]);
});

test("removing a middle element takes its own line with it", () => {
  const text = "[\n  1,\n  2,\n  3\n]";
  const array = nodeAt(parseJsonc(text, FILE), [])!;
  expect(removeArrayElement(text, array, 1)).toBe("[\n  1,\n  3\n]");
});

test("an empty file gets the property and a final line end", () => {
  expect(setProperty("", ["version"], 1, detectIndent(""))).toBe('{\n  "version": 1\n}\n');
});

test("replacing a value leaves its neighbours alone", () => {
  const text = '{\n  "a": 1, // keep\n  "b": [1,2]\n}';
  expect(setProperty(text, ["a"], 2, indentOf(text))).toBe('{\n  "a": 2, // keep\n  "b": [1,2]\n}');
});

test("a file that does not parse is refused with its line; a blank one is no tree", () => {
  expect(() => parseJsonc('{\n  "a": 1,\n  "b": }', FILE)).toThrow(
    "settings.json: cannot be parsed (ValueExpected at line 3); fix it or move it aside, nothing was written",
  );
  expect(parseJsonc(" \n", FILE)).toBeUndefined();
  expect(() => parseJsonc("[".repeat(100_000), FILE)).toThrow("settings.json: is nested too deeply to be parsed; fix it or move it aside, nothing was written");
});
