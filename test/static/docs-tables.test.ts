import { expect, test } from "bun:test";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp.ts";

const REPO = join(import.meta.dir, "..", "..");

/** Tables that list hosts are made from the adapters (build/hosts-table.ts): a stale one fails here. */
const checkTables = (root: string) =>
  Bun.spawnSync(["bun", join(REPO, "build", "hosts-table.ts"), "--check", "--root", root], { stdout: "pipe", stderr: "pipe" });

test("the tables of hosts in docs/ are what the adapters say", () => {
  const result = checkTables(REPO);
  expect(result.stderr.toString()).toBe("");
  expect(result.exitCode).toBe(0);
});

test.each([
  ["hosts", ["docs", "hosts", "README.md"], "| Claude Code | json-stdio |", "| Claude Code | ts-plugin |"],
  ["files", ["docs", "hosts.md"], "`~/.claude/settings.json`", "`~/.claude/settings.jsonc`"],
  ["fail-closed", ["docs", "connector.md"], '`{"onFailure":"block"}`', '`{"onFailure":"deny"}`'],
  ["responses", ["docs", "connector.md"], "| [Claude Code](hosts/claude-code.md) | every event |", "| [Claude Code](hosts/claude-code.md) | no |"],
  ["matchers", ["docs", "connector.md"], "| SessionStart | `source` |", "| SessionStart | `reason` |"],
  ["events", ["docs", "connector.md"], "`toolOutput?` (text)", "`toolOutput` (text)"],
  ["fields", ["docs", "connector.md"], "| `errorDetails` | StopFailure |", "| `errorDetails` | Stop |"],
])("a %s table that differs from the adapters by one cell is found stale, with the command that remakes it", (name, file, from, to) => {
  const root = tempDir("ac-docs-");
  cpSync(join(REPO, "docs"), join(root, "docs"), { recursive: true });
  const path = join(root, ...file);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
  const result = checkTables(root);
  expect(result.exitCode).toBe(1);
  // Other tables may be stale too (a host being added): each is a line of its own.
  expect(result.stderr.toString().split("\n")).toContain(`${path}: its table of hosts (${name}) is not what adapters/ say; run: bun build/hosts-table.ts`);
});
