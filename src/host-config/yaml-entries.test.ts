import { expect, test } from "bun:test";
import type { HookFileSpec } from "../adapter.ts";
import type { HookEntry } from "./replace-entries.ts";
import { hasYamlEntries, installYamlEntries, removeYamlEntries } from "./yaml-entries.ts";

// Hermes' layout (adapters/hermes.ts): hooks.<event>: [{ command, matcher?, timeout }] in config.yaml.
const SPEC: HookFileSpec = { layout: "yaml-flat-entries", root: ["hooks"], timeoutUnit: "s", scopes: {} };
const FILE = "config.yaml";
const isOurs = (command: string) => command.startsWith("/opt/ac ");
const noExtras = () => ({});
const ENTRY: HookEntry = { nativeEvent: "pre_tool_call", matcher: "terminal", command: "/opt/ac hook hermes PreToolUse", timeout: 30 };

const USERS = "# Hermes config\nmodel: opus # best\n\nhooks:\n  on_session_start:\n    - command: greet.sh\n      timeout: 5\n\nterminal:\n  backend: local\n";

test("our entry goes under its event beside the user's; removing it gives the bytes back", () => {
  const installed = installYamlEntries(USERS, FILE, SPEC, isOurs, [ENTRY], noExtras);
  expect(installed).toBe(
    "# Hermes config\nmodel: opus # best\n\nhooks:\n  on_session_start:\n    - command: greet.sh\n      timeout: 5\n  pre_tool_call:\n    - command: /opt/ac hook hermes PreToolUse\n      matcher: terminal\n      timeout: 30\n\nterminal:\n  backend: local\n",
  );
  expect(hasYamlEntries(installed, FILE, SPEC, isOurs)).toBe(true);
  expect(removeYamlEntries(installed, FILE, SPEC, isOurs)).toEqual({ text: USERS, removed: 1 });
  expect(installYamlEntries(installed, FILE, SPEC, isOurs, [ENTRY], noExtras)).toBe(installed);
});

test("a file with nothing of ours is given back untouched, even its spacing", () => {
  const text = "model:   opus   # odd spacing\n";
  expect(removeYamlEntries(text, FILE, SPEC, isOurs)).toEqual({ text, removed: 0 });
});

test("sequences written at their key's depth stay so", () => {
  const text = "hooks:\n  on_session_start:\n  - command: a\n";
  const installed = installYamlEntries(text, FILE, SPEC, isOurs, [{ ...ENTRY, matcher: undefined }], noExtras);
  expect(installed).toBe("hooks:\n  on_session_start:\n  - command: a\n  pre_tool_call:\n  - command: /opt/ac hook hermes PreToolUse\n    timeout: 30\n");
  expect(removeYamlEntries(installed, FILE, SPEC, isOurs).text).toBe(text);
});

test("hooks in a shape we do not edit are refused, naming where", () => {
  expect(() => installYamlEntries("hooks: [1]\n", FILE, SPEC, isOurs, [ENTRY], noExtras)).toThrow(
    "config.yaml: hooks must be a mapping of events; nothing was written",
  );
  expect(() => installYamlEntries("hooks:\n  x: 5\n", FILE, SPEC, isOurs, [ENTRY], noExtras)).toThrow(
    "config.yaml: hooks.x must be a list of hook entries; nothing was written",
  );
});

// Found by these tests (the round trip install → uninstall changed bytes we do not own):
const roundTrip = (text: string) => removeYamlEntries(installYamlEntries(text, FILE, SPEC, isOurs, [ENTRY], noExtras), FILE, SPEC, isOurs).text;

// 4-space indentation with `- ` at the key's depth: the user's list was re-indented to 6 on install, 8 after removal.
test("4-space indentation with unindented sequences survives a round trip", () => {
  const text = "hooks:\n    on_session_start:\n    - command: a\n";
  expect(roundTrip(text)).toBe(text);
});

// A file holding only a comment came back as "# only\n\n{}\n".
test("a file holding only a comment survives a round trip", () => {
  expect(roundTrip("# only\n")).toBe("# only\n");
});

// A comment after the last key got a blank line before it: "# top\nmodel: x\n\n# end\n".
test("a comment at the end of the file survives a round trip", () => {
  expect(roundTrip("# top\nmodel: x\n# end\n")).toBe("# top\nmodel: x\n# end\n");
});

test("a blank line the file had before its closing comment stays, and so does a 4-space file's end comment", () => {
  for (const text of ["# top\nmodel: x\n\n# end\n", "# a\n\n# b\n", "model:\n    tags:\n    - a\n# end\n", "a: 1\r\n# end\r\n"])
    expect(roundTrip(text)).toBe(text);
});
