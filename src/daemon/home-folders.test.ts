import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ledgerFolderProblem } from "./home-folders.ts";

/** The decision ledger's folders are held to the home's rule: what the daemon ships from, and status reports on. */
const root = mkdtempSync(join(tmpdir(), "ac-home-folders-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const stat = (path: string) => statSync(path, { throwIfNoEntry: false });

test.skipIf(process.platform === "win32")("the audit folder, its otlp folder, the home and above: the first that others could change is named", () => {
  const home = join(root, "home");
  const env = { AGENT_CONNECTOR_HOME: home };
  mkdirSync(join(home, "audit", "otlp"), { recursive: true, mode: 0o700 });
  chmodSync(home, 0o700);
  expect(ledgerFolderProblem(env, stat)).toBeUndefined();
  chmodSync(join(home, "audit", "otlp"), 0o770);
  expect(ledgerFolderProblem(env, stat)).toBe(`${join(home, "audit", "otlp")} is writable by its group (mode 0770)`);
  chmodSync(join(home, "audit", "otlp"), 0o700);
  chmodSync(join(home, "audit"), 0o777);
  expect(ledgerFolderProblem(env, stat)).toBe(`${join(home, "audit")} is writable by other users (mode 0777)`);
  chmodSync(join(home, "audit"), 0o700);
  chmodSync(home, 0o777);
  expect(ledgerFolderProblem(env, stat)).toBe(`${home} is writable by other users (mode 0777)`);
  chmodSync(home, 0o700);
  expect(ledgerFolderProblem({ AGENT_CONNECTOR_HOME: "relative/home" }, stat)).toContain("AGENT_CONNECTOR_HOME is a relative path");
});
