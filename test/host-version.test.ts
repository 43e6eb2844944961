import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import { REAL_HOSTS } from "./hosts/hosts.ts";
import { sandbox, writeConfig, type Sandbox } from "./support/harness.ts";

/**
 * doctor names each installed host's version and how it stands against the versions its adapter
 * was checked with, read from a stand-in host program on PATH (or its npm package), and never fails
 * a check for that alone; explain --json carries the versions checked.
 */

const CONFIG = `{ id: "guard", hooks: { PreToolUse: { matcher: "@shell", handler: () => undefined } } }`;

/** A sandbox whose PATH holds only a stand-in `claude` (and what /bin has), with the connector installed for Claude Code. */
function withStandIn(write: (bin: string, box: Sandbox) => void): Sandbox {
  const box = sandbox();
  const bin = join(box.root, "bin");
  mkdirSync(bin, { recursive: true });
  write(bin, box);
  box.env.PATH = `${bin}:/usr/bin:/bin`;
  const config = writeConfig(box, CONFIG);
  expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
  return box;
}

function standInPrinting(version: string): Sandbox {
  return withStandIn((bin) => {
    const path = join(bin, "claude");
    writeFileSync(path, `#!/bin/sh\n[ "$1" = "--version" ] && echo "${version} (Claude Code)" && exit 0\nexit 1\n`);
    chmodSync(path, 0o755);
  });
}

const checked = "checked against 2.1.197 (real run, 2026-12-04), 2.1.332 (real run, 2026-12-04), docs of 2026-12-04";

describe("doctor: the installed host's version", () => {
  test.each([
    ["2.1.400", "newer", "newer than any version checked (the probes above show whether its hooks still answer)"],
    ["2.1.197", "verified", "a version checked"],
    ["2.1.250", "within", "between versions checked"],
    ["1.0.0", "older", "older than any version checked: some events or replies may not be honoured"],
  ])("a stand-in claude printing %s: %s, and doctor still passes", (version, standing, words) => {
    const box = standInPrinting(version);
    const human = box.cli(["doctor"]);
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(`\nhost versions:\n  Claude Code ${version}: ${words} (${checked})\n`);
    const json = JSON.parse(box.cli(["doctor", "--json"]).stdout);
    expect(json.hosts["claude-code"]).toMatchObject({ installed: version, standing });
  });

  test("from the npm package a global install links, without running the program", () => {
    const box = withStandIn((bin, box) => {
      const pkg = join(box.root, "npm", "lib", "node_modules", "@anthropic-ai", "claude-code");
      box.write(join(pkg, "package.json"), JSON.stringify({ name: "@anthropic-ai/claude-code", version: "2.1.332" }));
      // Running it would fail: the version must come from package.json.
      box.write(join(pkg, "cli.js"), "#!/bin/sh\nexit 1\n");
      chmodSync(join(pkg, "cli.js"), 0o755);
      symlinkSync(join(pkg, "cli.js"), join(bin, "claude"));
    });
    expect(JSON.parse(box.cli(["doctor", "--json"]).stdout).hosts["claude-code"]).toMatchObject({ installed: "2.1.332", standing: "verified" });
  });

  test("a host with no cheap way to tell: not known, what it was checked against still said", () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    expect(box.cli(["install", "--config", config, "--platform", "cursor"]).exitCode).toBe(0);
    const cursor = ADAPTERS.find((a) => a.id === "cursor")!;
    expect(box.cli(["doctor"]).stdout).toContain(`\n  Cursor: version not known here; checked against docs of ${cursor.verified[0]!.on}`);
  });
});

test("explain --json carries each host's verified versions", () => {
  const box = sandbox();
  const config = writeConfig(box, CONFIG);
  const hosts = JSON.parse(box.cli(["explain", "--config", config, "--json"]).stdout).hosts as { platform: string; verified: unknown }[];
  expect(hosts.find((h) => h.platform === "claude-code")?.verified).toEqual(ADAPTERS.find((a) => a.id === "claude-code")!.verified as unknown[]);
  expect(hosts.every((h) => Array.isArray(h.verified) && h.verified.length > 0)).toBe(true);
});

test("every host the real-host suite runs lists its pinned version as a real run, and says how to read its version", () => {
  for (const host of REAL_HOSTS) {
    const adapter = ADAPTERS.find((a) => a.id === host.id)!;
    const runs = adapter.verified.filter((v) => v.by === "real run").map((v) => v.version);
    expect({ host: host.id, pinnedRunListed: runs.includes(host.version) }).toEqual({ host: host.id, pinnedRunListed: true });
    // Where the program's version is another package's than the one installed (Droid), it is asked.
    expect({ host: host.id, version: adapter.version }).toEqual({ host: host.id, version: host.versionPkg ? { run: true } : { npm: host.pkg, run: true } });
  }
});

test("every adapter says what it was checked against, each day a real date", () => {
  for (const adapter of ADAPTERS) {
    expect({ id: adapter.id, checks: adapter.verified.length > 0 }).toEqual({ id: adapter.id, checks: true });
    for (const check of adapter.verified)
      expect({ id: adapter.id, on: /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/.test(check.on) }).toEqual({ id: adapter.id, on: true });
  }
});
