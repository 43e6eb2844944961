import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./support/harness.ts";
import { tempDir } from "./support/temp.ts";

/** Tables that list hosts are made from the adapters (build/hosts-table.ts): a stale one fails here. */
const checkTable = (file: string) => Bun.spawnSync(["bun", join(REPO, "build", "hosts-table.ts"), "--check", file], { stdout: "pipe", stderr: "pipe" });

test("docs/hosts/README.md's table of hosts is what the adapters say", () => {
  const result = checkTable(join(REPO, "docs", "hosts", "README.md"));
  expect(result.stderr.toString()).toBe("");
  expect(result.exitCode).toBe(0);
});

test("a table that differs from the adapters by one cell is found stale, with the command that remakes it", () => {
  const stale = join(tempDir("ac-docs-"), "README.md");
  writeFileSync(stale, readFileSync(join(REPO, "docs", "hosts", "README.md"), "utf8").replace("| Claude Code | json-stdio |", "| Claude Code | ts-plugin |"));
  const result = checkTable(stale);
  expect(result.exitCode).toBe(1);
  expect(result.stderr.toString()).toBe(`${stale}: its table of hosts is not what adapters/ say; run: bun build/hosts-table.ts\n`);
});
