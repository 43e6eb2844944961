import { expect, test } from "bun:test";
import type { HookFileSpec } from "../adapter.ts";
import { hasListEntries, installListEntries, removeListEntries, valueAt } from "./hook-list.ts";
import type { HookEntry } from "./replace-entries.ts";

// Kiro's layout (adapters/kiro.ts): one array of hooks, each naming its event, the command nested in `action`.
const SPEC: HookFileSpec = {
  layout: "json-hook-list",
  root: ["hooks"],
  header: { version: "v1" },
  timeoutUnit: "s",
  entryKeys: { event: "trigger", command: "action.command", type: "command", timeout: "timeout" },
  scopes: {},
};
const FILE = "agent-connector-guard.json";
const isOurs = (command: string) => command.startsWith("/opt/ac ");
const named = (entry: HookEntry) => ({ name: `agent-connector-guard-${entry.nativeEvent}` });
const ENTRY: HookEntry = { nativeEvent: "preToolUse", matcher: "shell", command: "/opt/ac hook kiro PreToolUse", timeout: 30 };

test("a dot path reads a nested value", () => {
  expect(valueAt({ action: { command: "x" } }, "action.command")).toBe("x");
  expect(valueAt({ action: "x" }, "action.command")).toBeUndefined();
});

test("an empty file gets the header, then the entry: extras first, the command and its type nested", () => {
  expect(installListEntries("", FILE, SPEC, isOurs, [ENTRY], named)).toBe(
    '{\n  "version": "v1",\n  "hooks": [\n    {\n      "name": "agent-connector-guard-preToolUse",\n      "trigger": "preToolUse",\n      "matcher": "shell",\n      "action": {\n        "type": "command",\n        "command": "/opt/ac hook kiro PreToolUse"\n      },\n      "timeout": 30\n    }\n  ]\n}\n',
  );
});

test("beside the user's hooks: ours appended, installing again changes nothing, removing gives the bytes back", () => {
  const users = '{\n  "version": "v1",\n  "hooks": [\n    { "trigger": "stop", "action": { "type": "command", "command": "say done" } } // mine\n  ]\n}\n';
  const installed = installListEntries(users, FILE, SPEC, isOurs, [ENTRY], named);
  expect(installListEntries(installed, FILE, SPEC, isOurs, [ENTRY], named)).toBe(installed);
  expect(hasListEntries(installed, FILE, SPEC, isOurs)).toBe(true);
  expect(removeListEntries(installed, FILE, SPEC, isOurs)).toEqual({ text: users, removed: 1 });
});

test("a list that is not an array is refused", () => {
  expect(() => installListEntries('{"hooks": {}}', FILE, SPEC, isOurs, [ENTRY], named)).toThrow(
    "agent-connector-guard.json: hooks must be an array of hooks; nothing was written",
  );
});
