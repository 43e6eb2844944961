import { describe, expect, test } from "bun:test";
import { BUNDLE_EXIT, bundleScripts } from "./scripts.ts";

const FACTS = {
  connector: "no-shell",
  version: "1.2.3",
  target: "linux-x64",
  hosts: ["claude-code", "codex"],
  lock: true,
  binary: "bin/agent-connector",
  snapshot: "no-shell.snapshot.js",
};
const SUMS = { "bin/agent-connector": "a".repeat(64), "no-shell.snapshot.js": "b".repeat(64) };

describe("the bundle's scripts", () => {
  const sh = bundleScripts(FACTS, SUMS, false);
  test("sh: both parse, and carry every sum and the install's words", () => {
    expect(Object.keys(sh)).toEqual(["install.sh", "uninstall.sh"]);
    for (const [name, text] of Object.entries(sh)) {
      const parsed = Bun.spawnSync(["sh", "-n"], { stdin: Buffer.from(text), stderr: "pipe" });
      expect([name, parsed.exitCode, parsed.stderr.toString()]).toEqual([name, 0, ""]);
      for (const [file, sum] of Object.entries(SUMS)) expect(text).toContain(`${sum}  ${file}\n`);
    }
    expect(sh["install.sh"]).toContain(
      `"$here/bin/agent-connector" install --scope managed --snapshot "$here/no-shell.snapshot.js" --platform "$HOSTS" --lock --replace --json`,
    );
    expect(sh["uninstall.sh"]).toContain(`"$here/bin/agent-connector" uninstall --connector "$ID" --scope managed --platform "$HOSTS" --json`);
  });

  test("every exit code is distinct, and each script's header lists them", () => {
    expect(new Set(Object.values(BUNDLE_EXIT)).size).toBe(Object.keys(BUNDLE_EXIT).length);
    const ps1 = bundleScripts({ ...FACTS, target: "windows-x64", binary: "bin/agent-connector.exe" }, SUMS, true);
    expect(Object.keys(ps1)).toEqual(["install.ps1", "uninstall.ps1"]);
    for (const text of [...Object.values(sh), ...Object.values(ps1)])
      for (const code of Object.values(BUNDLE_EXIT)) expect(text).toMatch(new RegExp(`\\b${code} `));
    expect(ps1["install.ps1"]).toContain(`'bin\\agent-connector' = '${"a".repeat(64)}'`);
  });
});
