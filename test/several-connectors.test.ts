import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sandbox, stdoutJson, writeConfig, type Sandbox } from "./support/harness.ts";

setDefaultTimeout(180_000);

/**
 * Issue 34: several connectors share one host file. Each one's drift is about its own entries
 * only, whoever else (another connector, the user) has entries there and in whatever order.
 */

// One host per way of keeping hooks in a shared file: JSON matcher groups (Claude Code, Gemini
// CLI), Codex's hooks.json with its trust in config.toml, flat JSON entries beside other keys
// (Cursor, Windsurf), TOML array tables (Mistral Vibe), YAML (Hermes).
const HOSTS = ["claude-code", "codex", "cursor", "gemini-cli", "mistral-vibe", "hermes", "windsurf"];

// The three want some events in common and some not, so that one's entries sit between another's.
const CONNECTORS = {
  alpha: `{ id: "alpha", hooks: { PreToolUse: { matcher: "Bash", handler: () => undefined }, Stop: { handler: () => undefined } } }`,
  beta: `{ id: "beta", hooks: { PreToolUse: { handler: () => undefined }, UserPromptSubmit: { handler: () => undefined } } }`,
  gamma: `{ id: "gamma", hooks: { Stop: { handler: () => undefined }, PreToolUse: { matcher: "Bash", handler: () => undefined } } }`,
};

interface StatusJson {
  ok: boolean;
  installs: { connector: string; platform: string; file: string; ok: boolean }[];
}

function installAll(box: Sandbox, id: keyof typeof CONNECTORS) {
  const config = writeConfig(box, CONNECTORS[id], `${id}.config.ts`);
  return box.cli(["install", "--config", config, "--platform", HOSTS.join(",")]);
}

/** status exits 0 and every install is ok; returns what it listed. */
function expectNoDrift(box: Sandbox): StatusJson {
  const status = box.cli(["status", "--json"]);
  const json = stdoutJson(status) as StatusJson;
  expect(json.installs.filter((i) => !i.ok).map((i) => `${i.connector} on ${i.platform}`)).toEqual([]);
  expect(status.exitCode).toBe(0);
  return json;
}

/** Each file with its bytes. */
const snapshot = (files: readonly string[]) => Object.fromEntries(files.map((file) => [file, readFileSync(file)]));

describe("several connectors in the same host files", () => {
  test("no drift after each install and after an uninstall; a re-install, doctor and doctor --fix change no byte", () => {
    const box = sandbox();
    // The user's own hook is in Claude Code's file before any connector.
    const own = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo mine" }] }] } };
    box.write(join(box.home, ".claude", "settings.json"), `${JSON.stringify(own, null, 2)}\n`);

    for (const id of ["alpha", "beta", "gamma"] as const) {
      expect(installAll(box, id).exitCode).toBe(0);
      expectNoDrift(box);
    }

    const all = expectNoDrift(box);
    // The point of the test: the three share one file on every host.
    for (const platform of HOSTS) {
      const files = all.installs.filter((i) => i.platform === platform).map((i) => i.file);
      expect([platform, files.length, new Set(files).size]).toEqual([platform, 3, 1]);
    }
    const files = [...new Set(all.installs.map((i) => i.file)), join(box.home, ".codex", "config.toml")];

    // Installing the first one again finds its entries as they are: nothing moves.
    const before = snapshot(files);
    const again = installAll(box, "alpha");
    expect(again.exitCode).toBe(0);
    expect(snapshot(files)).toEqual(before);

    expect(box.cli(["uninstall", "--connector", "beta"]).exitCode).toBe(0);
    const left = expectNoDrift(box);
    expect([...new Set(left.installs.map((i) => i.connector))].sort()).toEqual(["alpha", "gamma"]);

    const doctor = box.cli(["doctor"]);
    expect(doctor.stdout).not.toContain("FAIL");
    expect(doctor.exitCode).toBe(0);

    const beforeFix = snapshot(files);
    const fixed = box.cli(["doctor", "--fix", "--json"]);
    expect((stdoutJson(fixed) as { fixes: unknown[] }).fixes).toEqual([]);
    expect(fixed.exitCode).toBe(0);
    expect(snapshot(files)).toEqual(beforeFix);
    // The user's own hook is still there.
    expect(box.read(join(box.home, ".claude", "settings.json"))).toContain('"command": "echo mine"');

    // A change to one connector's own entry is still drift, of that connector alone.
    const cursorFile = join(box.home, ".cursor", "hooks.json");
    const cursor = JSON.parse(box.read(cursorFile)) as { hooks: Record<string, { command: string; timeout?: number }[]> };
    for (const entry of Object.values(cursor.hooks).flat()) if (entry.command.includes("--connector alpha")) entry.timeout = 1;
    box.write(cursorFile, JSON.stringify(cursor, null, 2));
    const drift = box.cli(["status", "--json"]);
    expect((stdoutJson(drift) as StatusJson).installs.filter((i) => !i.ok).map((i) => `${i.connector} on ${i.platform}`)).toEqual(["alpha on cursor"]);
    expect(drift.exitCode).toBe(5);
  });
});
