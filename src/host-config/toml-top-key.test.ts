import { expect, test } from "bun:test";
import { setTopKey } from "./toml-top-key.ts";

const FILE = "/etc/codex/requirements.toml";

test("a top-level key goes before the first table and comes out again byte for byte", () => {
  const text = '# admin\nallowed_approval_policies = ["never"]\n\n[features]\nhooks = true\n';
  const set = setTopKey(text, FILE, "allow_managed_hooks_only", true);
  expect(set).toBe(`allow_managed_hooks_only = true\n${text}`);
  expect(setTopKey(set, FILE, "allow_managed_hooks_only", undefined)).toBe(text);
});

test("an existing top-level line is replaced in place; a key of the same name inside a table is not top-level", () => {
  const text = "allow_managed_hooks_only = false # admin\r\n[x]\r\nallow_managed_hooks_only = true\r\n";
  expect(setTopKey(text, FILE, "allow_managed_hooks_only", true)).toBe("allow_managed_hooks_only = true\r\n[x]\r\nallow_managed_hooks_only = true\r\n");
  expect(setTopKey("[x]\nallow_managed_hooks_only = true\n", FILE, "allow_managed_hooks_only", undefined)).toBe("[x]\nallow_managed_hooks_only = true\n");
});
