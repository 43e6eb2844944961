import { expect, test } from "bun:test";
import { findAdapter } from "../../adapters/index.ts";
import { toolMatcherWarnings } from "./plan.ts";

const cursor = findAdapter("cursor")!;

test("a kind on a host whose tools are unknown: said loudly, with the adapter's reason", () => {
  const unknown = { ...cursor, tools: { unknown: "no docs list them" } };
  expect(toolMatcherWarnings(unknown, "PreToolUse", "@shell|@mcp")).toEqual([
    `Cursor PreToolUse: Cursor's tool names are unknown (no docs list them), so @shell in the matcher "@shell|@mcp" matches none of its tools: this handler never runs there for them. Name its tools in the matcher (a regex) if you know them.`,
  ]);
  // MCP tools are known by their naming: @mcp alone is no miss.
  expect(toolMatcherWarnings(unknown, "PreToolUse", "@mcp")).toEqual([]);
});

test("names, regexes and kinds that reach no tool; subagent and plain-all matchers are left alone", () => {
  expect(toolMatcherWarnings(cursor, "PreToolUse", "Bash|run_shell_command")[0]).toStartWith(
    `Cursor PreToolUse: the matcher "Bash|run_shell_command" reaches none of Cursor's tools`,
  );
  expect(toolMatcherWarnings(cursor, "PreToolUse", "@fetch")[0]).toContain("(Cursor has no @fetch tool; its kinds: @shell, @read, @write, @search, @task)");
  expect(toolMatcherWarnings(cursor, "PreToolUse", "Sh.*")).toEqual([]);
  expect(toolMatcherWarnings(cursor, "PreToolUse", "*")).toEqual([]);
  expect(toolMatcherWarnings(cursor, "SubagentStart", "@fetch")).toEqual([]);
});
