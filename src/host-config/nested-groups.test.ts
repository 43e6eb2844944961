import { expect, test } from "bun:test";
import type { HookFileSpec } from "../adapter.ts";
import { hasEntries, installEntries, removeEntries } from "./nested-groups.ts";
import type { HookEntry } from "./replace-entries.ts";

// Claude Code's settings layout: <root>.<Event>: [{ matcher?, hooks: [{ type, command, timeout }] }].
const SPEC: HookFileSpec = { layout: "nested-matcher-groups", root: ["hooks"], timeoutUnit: "s", scopes: {} };
const FILE = "settings.json";
const isOurs = (command: string) => command.startsWith("/opt/ac ");
const noExtras = () => ({});
const PRE: HookEntry = { nativeEvent: "PreToolUse", matcher: "Bash", command: "/opt/ac hook claude-code PreToolUse", timeout: 30 };
const STOP: HookEntry = { nativeEvent: "Stop", command: "/opt/ac hook claude-code Stop", timeout: 30 };

const USERS = `{
  // my settings
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint.sh" }] } // keep
    ]
  }
}
`;

test("our groups go after the user's, a new event after the last one; removing them gives the bytes back", () => {
  const installed = installEntries(USERS, FILE, SPEC, isOurs, [PRE, STOP], noExtras);
  expect(installed).toBe(`{
  // my settings
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      { "matcher": "Edit", "hooks": [{ "type": "command", "command": "lint.sh" }] }, // keep
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "/opt/ac hook claude-code PreToolUse",
            "timeout": 30
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "/opt/ac hook claude-code Stop",
            "timeout": 30
          }
        ]
      }
    ]
  }
}
`);
  expect(hasEntries(installed, FILE, SPEC, isOurs)).toBe(true);
  expect(removeEntries(installed, FILE, SPEC, isOurs)).toEqual({ text: USERS, removed: 2 });
});

test("installing again gives the same text", () => {
  const once = installEntries(USERS, FILE, SPEC, isOurs, [PRE, STOP], noExtras);
  expect(installEntries(once, FILE, SPEC, isOurs, [PRE, STOP], noExtras)).toBe(once);
});

test("a handler of ours in the user's group leaves the group, not the user's handler", () => {
  const text = '{"hooks": {"Stop": [{"hooks": [{"command": "mine"}, {"command": "/opt/ac x"}]}]}}';
  expect(removeEntries(text, FILE, SPEC, isOurs)).toEqual({ text: '{"hooks": {"Stop": [{"hooks": [{"command": "mine"}]}]}}', removed: 1 });
});

test("in a file that held only ours, the emptied events and root key go too", () => {
  const installed = installEntries("{}", FILE, SPEC, isOurs, [STOP], noExtras);
  expect(removeEntries(installed, FILE, SPEC, isOurs).text).toBe("{}");
});

test("a file whose shape we cannot edit safely is refused, naming where", () => {
  expect(() => installEntries('{"hooks": []}', FILE, SPEC, isOurs, [STOP], noExtras)).toThrow(
    "settings.json: hooks must be an object of events; nothing was written",
  );
  expect(() => installEntries('{"hooks": {"Stop": {}}}', FILE, SPEC, isOurs, [STOP], noExtras)).toThrow(
    "settings.json: hooks.Stop must be an array of matcher groups; nothing was written",
  );
  expect(() => installEntries('{"hooks": {}, "hooks": {}}', FILE, SPEC, isOurs, [STOP], noExtras)).toThrow(
    'settings.json: has the key "hooks" twice (again at line 1); the host reads only the last one. Remove one; nothing was written',
  );
});
