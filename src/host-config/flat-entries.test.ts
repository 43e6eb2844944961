import { expect, test } from "bun:test";
import type { HookFileSpec } from "../adapter.ts";
import { hasFlatEntries, installFlatEntries, removeFlatEntries } from "./flat-entries.ts";
import type { HookEntry } from "./replace-entries.ts";

// Cursor's layout (adapters/cursor.ts): <root>.<event>: [{ command, matcher?, timeout }] beside `version: 1`.
const CURSOR: HookFileSpec = { layout: "flat-entries", root: ["hooks"], timeoutUnit: "s", header: { version: 1 }, scopes: {} };
// Copilot CLI's keys: `bash` for the command, `timeoutSec`, a fixed `type`.
const COPILOT: HookFileSpec = { ...CURSOR, entryKeys: { command: "bash", timeout: "timeoutSec", type: "command" } };
const FILE = "hooks.json";
const isOurs = (command: string) => command.startsWith("/opt/ac ");
const ENTRY: HookEntry = { nativeEvent: "preToolUse", matcher: "Shell", command: "/opt/ac hook cursor PreToolUse", timeout: 30 };

test("an empty file gets the header, then our entry", () => {
  expect(installFlatEntries("", FILE, CURSOR, isOurs, [ENTRY], () => ({}))).toBe(
    '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [\n      {\n        "command": "/opt/ac hook cursor PreToolUse",\n        "matcher": "Shell",\n        "timeout": 30\n      }\n    ]\n  }\n}\n',
  );
});

test("the adapter's key names and type, and the extras, are written", () => {
  const text = '{\n  "version": 1\n}\n';
  expect(installFlatEntries(text, FILE, COPILOT, isOurs, [{ ...ENTRY, matcher: undefined }], () => ({ cwd: "." }))).toBe(
    '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [\n      {\n        "type": "command",\n        "bash": "/opt/ac hook cursor PreToolUse",\n        "timeoutSec": 30,\n        "cwd": "."\n      }\n    ]\n  }\n}\n',
  );
});

test("beside the user's entries: ours appended, then removed to the original bytes", () => {
  const users = '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "command": "audit.sh" }], // mine\n    "stop": []\n  }\n}\n';
  const installed = installFlatEntries(users, FILE, CURSOR, isOurs, [ENTRY], () => ({}));
  expect(installed).toBe(
    '{\n  "version": 1,\n  "hooks": {\n    "preToolUse": [{ "command": "audit.sh" }, {"command":"/opt/ac hook cursor PreToolUse","matcher":"Shell","timeout":30}], // mine\n    "stop": []\n  }\n}\n',
  );
  expect(hasFlatEntries(installed, FILE, CURSOR, isOurs)).toBe(true);
  expect(removeFlatEntries(installed, FILE, CURSOR, isOurs)).toEqual({ text: users, removed: 1 });
});

test("once our last entry goes, its event key and an emptied root go too; the header stays", () => {
  const installed = installFlatEntries('{\n  "version": 1\n}\n', FILE, CURSOR, isOurs, [ENTRY], () => ({}));
  expect(removeFlatEntries(installed, FILE, CURSOR, isOurs)).toEqual({ text: '{\n  "version": 1\n}\n', removed: 1 });
});
