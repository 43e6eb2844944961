import { expect, test } from "bun:test";
import { parseHookArgv } from "../src/hook/argv.ts";

/** The words hosts run (`hook <platform> <event> --connector <id>`), in every form install writes or a user types. */
test.each([
  [["claude-code", "PreToolUse", "--connector", "x"], { platform: "claude-code", event: "PreToolUse", connector: "x" }],
  [["claude-code", "PreToolUse", "--connector=x"], { platform: "claude-code", event: "PreToolUse", connector: "x" }],
  [["codex", "Stop", "--config=/a/b=c.json"], { platform: "codex", event: "Stop", config: "/a/b=c.json" }],
  [["codex", "Stop", "--connector="], { platform: "codex", event: "Stop", connector: "" }],
  [["opencode", "session.idle", "--native", "--connector", "y"], { platform: "opencode", event: "session.idle", native: true, connector: "y" }],
])("%j", (argv, expected) => {
  expect(parseHookArgv(argv)).toEqual(expected);
});

test.each([
  [["claude-code"]],
  [["claude-code", "PreToolUse", "extra"]],
  [["claude-code", "PreToolUse", "-h"]],
  [["claude-code", "PreToolUse", "--help"]],
  [["claude-code", "PreToolUse", "--verbose"]],
  [["claude-code", "PreToolUse", "-x=1"]],
])("%j: not a hook call", (argv) => {
  expect(parseHookArgv(argv)).toBeUndefined();
});

/** A launcher several connectors share (docs/decisions/shared-launcher.md): a --fail-closed is the connector's before it. */
test.each([
  [
    ["cline", "PreToolUse", "--connector", "a", "--connector", "b", "--fail-closed"],
    {
      platform: "cline",
      event: "PreToolUse",
      connector: "a",
      failClosed: true,
      shared: [
        { id: "a", failClosed: false },
        { id: "b", failClosed: true },
      ],
    },
  ],
  [
    ["mux", "PreToolUse", "--connector=a", "--fail-closed", "--connector=b"],
    {
      platform: "mux",
      event: "PreToolUse",
      connector: "a",
      failClosed: true,
      shared: [
        { id: "a", failClosed: true },
        { id: "b", failClosed: false },
      ],
    },
  ],
  [["cline", "PreToolUse", "--connector", "a", "--part"], { platform: "cline", event: "PreToolUse", connector: "a", part: true }],
])("shared: %j", (argv, expected) => {
  expect(parseHookArgv(argv)).toEqual(expected);
});

test.each([
  [["cline", "TaskError", "--native", "--connector", "a", "--connector", "b"]],
  [["cline", "PreToolUse", "--connector", "a", "--connector", "b", "--part"]],
  [["cline", "PreToolUse", "--connector", "a", "--connector", ""]],
])("%j: several connectors, not a shared call", (argv) => {
  expect(parseHookArgv(argv)).toBeUndefined();
});
