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
