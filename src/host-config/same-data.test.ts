import { expect, test } from "bun:test";
import { canonical, sameJsonData } from "./same-data.ts";

test("canonical: object keys sorted at every depth, arrays kept in order", () => {
  expect(JSON.stringify(canonical({ b: 1, a: [{ d: 1, c: 2 }, 3] }))).toBe('{"a":[{"c":2,"d":1},3],"b":1}');
});

test("the same data whatever the comments, key order, trailing commas and spacing", () => {
  expect(sameJsonData('{"a": 1, "b": [1, 2]}', '{\n  // note\n  "b": [1, 2,],\n  "a": 1,\n}')).toBe(true);
  expect(sameJsonData("", "  \n")).toBe(true);
});

test("a different value, array order or extra key is different data", () => {
  expect(sameJsonData('{"a": [1, 2]}', '{"a": [2, 1]}')).toBe(false);
  expect(sameJsonData('{"a": 1}', '{"a": "1"}')).toBe(false);
  expect(sameJsonData('{"a": 1}', '{"a": 1, "b": null}')).toBe(false);
  expect(sameJsonData("", "{}")).toBe(false);
});
