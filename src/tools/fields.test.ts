import { expect, test } from "bun:test";
import { readPaths, readText, writeField } from "./fields.ts";

test("a text field: the first of its paths present, dots nest", () => {
  expect(readText({ cmd: "ls" }, ["command", "cmd"])).toBe("ls");
  expect(readText({ args: { CommandLine: "rm -rf x" } }, "args.CommandLine")).toBe("rm -rf x");
  expect(readText({ command: 3 }, "command")).toBeUndefined();
});

test("a list: joined by newlines; a string holding a JSON list counts", () => {
  expect(readText({ commands: ["a", "b"] }, { paths: ["commands"], list: true })).toBe("a\nb");
  expect(readText({ commands: '["git push --force"]' }, { paths: ["commands"], list: true })).toBe("git push --force");
  expect(readPaths({ paths: ["x", "y"] }, { paths: ["paths"], list: true })).toEqual(["x", "y"]);
});

test("an argv: the script after -c/-lc, else the words", () => {
  expect(readText({ command: ["bash", "-lc", "git push"] }, { paths: ["command"], argv: true })).toBe("git push");
  expect(readText({ command: ["git", "push"] }, { paths: ["command"], argv: true })).toBe("git push");
});

test("a patch: the paths it touches", () => {
  expect(readPaths({ input: "*** Begin Patch\n*** Add File: .env\n+A=1\n*** End Patch" }, { paths: ["input"], patch: true })).toEqual([".env"]);
});

test("writing back keeps the host's shape and copies, never mutates", () => {
  const input = { commands: ["a", "b"], opts: { cwd: "/x" } };
  expect(writeField(input, { paths: ["commands"], list: true }, "echo safe")).toEqual({ commands: ["echo safe"], opts: { cwd: "/x" } });
  expect(input.commands).toEqual(["a", "b"]);
  expect(writeField({ commands: '["a"]' }, { paths: ["commands"], list: true }, "b")).toEqual({ commands: '["b"]' });
  expect(writeField({ command: ["bash", "-lc", "a"] }, { paths: ["command"], argv: true }, "b")).toEqual({ command: ["bash", "-lc", "b"] });
  expect(writeField({ opts: { cwd: "/x" } }, "opts.cwd", "/y")).toEqual({ opts: { cwd: "/y" } });
  expect(writeField({ cmd: "a" }, ["command", "cmd"], "b")).toEqual({ cmd: "b" });
  expect(writeField({}, ["command", "cmd"], "b")).toEqual({ command: "b" });
});

test("what has no place is refused: a patch, several paths for one, an argv that is no shell -c", () => {
  expect(writeField({ input: "…" }, { paths: ["input"], patch: true }, ["a"])).toBeUndefined();
  expect(writeField({ file_path: "a" }, "file_path", ["a", "b"])).toBeUndefined();
  expect(writeField({ command: ["git", "push"] }, { paths: ["command"], argv: true }, "b")).toBeUndefined();
});

test("`*` steps into every item of a list: each file once; such a field cannot be rewritten", () => {
  const input = { replacements: [{ filePath: "a.ts" }, { filePath: ".env" }, { filePath: "a.ts" }] };
  expect(readPaths(input, "replacements.*.filePath")).toEqual(["a.ts", ".env"]);
  expect(readPaths({ replacements: [] }, "replacements.*.filePath")).toBeUndefined();
  expect(writeField(input, "replacements.*.filePath", ["b.ts"])).toBeUndefined();
});
