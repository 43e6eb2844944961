import { expect, test } from "bun:test";
import type { HookFileSpec } from "../adapter.ts";
import type { HookEntry } from "./replace-entries.ts";
import { hasTomlEntries, installTomlEntries, removeTomlEntries, sameTomlData } from "./toml-array-tables.ts";

// Kimi's layout (adapters/kimi.ts): one [[hooks]] table per hook, the event named inside it.
const SPEC: HookFileSpec = { layout: "toml-array-tables", root: ["hooks"], timeoutUnit: "s", scopes: {} };
const FILE = "config.toml";
const isOurs = (command: string) => command.startsWith("/opt/ac ");
const noExtras = () => ({});
const ENTRY: HookEntry = { nativeEvent: "PreToolUse", matcher: "Shell", command: "/opt/ac hook kimi PreToolUse", timeout: 30 };

const USERS = ["# Kimi config", 'default_model = "k2"', "", "[[hooks]]", 'event = "Stop" # the user\'s', 'command = "notify-send done"', ""].join("\n");

test("our table is appended after one blank line, the user's bytes untouched", () => {
  expect(installTomlEntries(USERS, FILE, SPEC, isOurs, [ENTRY], noExtras)).toBe(
    `${USERS}\n[[hooks]]\nevent = "PreToolUse"\nmatcher = "Shell"\ncommand = "/opt/ac hook kimi PreToolUse"\ntimeout = 30\n`,
  );
});

test("installing again changes nothing; removing ours gives the original bytes back", () => {
  const once = installTomlEntries(USERS, FILE, SPEC, isOurs, [ENTRY], noExtras);
  expect(installTomlEntries(once, FILE, SPEC, isOurs, [ENTRY], noExtras)).toBe(once);
  expect(hasTomlEntries(once, FILE, SPEC, isOurs)).toBe(true);
  expect(removeTomlEntries(once, FILE, SPEC, isOurs)).toEqual({ text: USERS, removed: 1 });
  expect(removeTomlEntries(USERS, FILE, SPEC, isOurs)).toEqual({ text: USERS, removed: 0 });
});

test("a table of ours between the user's goes, and only it", () => {
  const text = '[[hooks]]\nevent = "A"\ncommand = "/opt/ac a"\n\n[[hooks]]\nevent = "B"\ncommand = "mine"\n';
  expect(removeTomlEntries(text, FILE, SPEC, isOurs)).toEqual({ text: '[[hooks]]\nevent = "B"\ncommand = "mine"\n', removed: 1 });
});

test("hooks in a form we do not edit are refused, never rewritten", () => {
  const inline = 'hooks = [{ event = "Stop", command = "/opt/ac x" }]\n';
  expect(() => removeTomlEntries(inline, FILE, SPEC, isOurs)).toThrow(
    "config.toml: holds its hook tables in a form agent-connector does not edit (an inline array or dotted keys); move them to [[hooks]] tables, nothing was written",
  );
  expect(() => installTomlEntries('hooks = "x"\n', FILE, SPEC, isOurs, [ENTRY], noExtras)).toThrow(
    "config.toml: hooks must be an array of tables ([[hooks]]); nothing was written",
  );
});

test("same data: comments and spacing aside", () => {
  expect(sameTomlData("a = 1 # one\n", "a=1")).toBe(true);
  expect(sameTomlData("a = 1", "a = 2")).toBe(false);
  expect(sameTomlData("", "")).toBe(true);
});
