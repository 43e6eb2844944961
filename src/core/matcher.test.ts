import { expect, test } from "bun:test";
import { alternatives, matcherError, parseToolMatcher, toolMatcherTest } from "./matcher.ts";

test("alternatives split at the top level only", () => {
  expect(alternatives("a|(b|c)|[|]|d\\|e")).toEqual(["a", "(b|c)", "[|]", "d\\|e"]);
});

test("kinds are split out; unknown ones stay in the regex", () => {
  expect(parseToolMatcher("@shell|my_tool|@write|@shell")).toEqual({ kinds: ["shell", "write"], rest: "my_tool" });
  expect(parseToolMatcher("@shel")).toEqual({ kinds: [], rest: "@shel" });
});

test("a tool matcher: the kind or the whole name", () => {
  const test_ = toolMatcherTest("@shell|my_.*")!;
  expect(test_("run_shell_command", () => "shell")).toBe(true);
  expect(test_("my_tool", () => "other")).toBe(true);
  expect(test_("my", () => "other")).toBe(false);
  expect(test_("Write", () => "write")).toBe(false);
  expect(toolMatcherTest("*")).toBeUndefined();
  // A plain regex keeps its meaning; without kinds it never asks for one.
  expect(
    toolMatcherTest("Bash")!("Bash", () => {
      throw new Error("asked");
    }),
  ).toBe(true);
  // Subagent matchers read `@` as a character.
  expect(toolMatcherTest("@shell", false)!("@shell", () => "shell")).toBe(true);
});

test("unknown kinds are an error with a suggestion, on tool events only", () => {
  expect(matcherError("@shel|Bash", true)).toBe(
    "names an unknown tool kind: @shel (did you mean @shell?); the kinds are @shell, @read, @write, @edit, @search, @fetch, @task, @mcp, @other",
  );
  // A transposition is found too, and a word far from every kind gets no guess.
  expect(matcherError("@wirte", true)).toStartWith("names an unknown tool kind: @wirte (did you mean @write?);");
  expect(matcherError("@database", true)).toStartWith("names an unknown tool kind: @database;");
  expect(matcherError("@shel", false)).toBeUndefined();
  expect(matcherError("(", true)).toStartWith("not a valid regular expression");
});
