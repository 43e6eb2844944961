import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { sandbox, stdoutJson, writeConfig, type Sandbox } from "./support/harness.ts";
import { ADAPTERS, findAdapter } from "../adapters/index.ts";
import { planHost } from "../src/install/plan.ts";
import type { ConnectorConfig } from "../src/events.ts";

/** Hosts with MCP and no hook layer: install reports every declared event there and writes nothing. */

const MCP_ONLY = ADAPTERS.filter((adapter) => adapter.hooks.kind === "none").map((adapter) => adapter.id);
const DECLARED = ["SessionStart", "PreToolUse", "Stop"];
const SOURCE = `{ id: "test", hooks: { Stop: { handler: () => undefined }, PreToolUse: { matcher: "Bash", handler: () => ({ decision: "deny" }) }, SessionStart: { handler: () => undefined } } }`;

/** Every file under HOME and the project, except agent-connector's own registry. */
function files(box: Sandbox): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  return walk(box.root)
    .map((file) => relative(box.root, file))
    .filter((file) => !file.startsWith("home/.agent-connector/"))
    .sort();
}

describe("mcp-only hosts: install", () => {
  for (const platform of MCP_ONLY) {
    test(`${platform}: every declared event reported unavailable, nothing written, either scope`, () => {
      const box = sandbox();
      const config = writeConfig(box, SOURCE);
      const before = files(box);
      for (const scope of ["user", "project"]) {
        const result = box.cli(["install", "--config", config, "--platform", platform, "--scope", scope, "--json"]);
        expect(result.exitCode).toBe(0);
        const [host] = (stdoutJson(result) as { results: Record<string, unknown>[] }).results;
        const name = findAdapter(platform)!.name;
        expect(host).toMatchObject({ platform, paradigm: "mcp-only", scope, status: "nothing-to-install", wired: [], unavailable: DECLARED, degradations: [] });
        expect(host!.file).toBeUndefined();
        expect(host!.warnings).toEqual(DECLARED.map((event) => `${name} has no hook layer: ${event} never runs there; nothing is installed for it.`));
      }
      expect(files(box)).toEqual(before);
    });
  }

  test("the mcp-only hosts are found in the adapters", () => {
    expect(MCP_ONLY.length).toBeGreaterThan(0);
  });

  test("people read one warning per declared event; --dry-run prints no diff", () => {
    const box = sandbox();
    const config = writeConfig(box, SOURCE);
    const result = box.cli(["install", "--config", config, "--platform", "warp,zed", "--dry-run"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("");
    for (const name of ["Warp", "Zed"]) for (const event of DECLARED) expect(result.stderr).toContain(`${name} has no hook layer: ${event} never runs there`);
  });

  test("a hook call for one of them is a no-opinion fail-open", () => {
    const box = sandbox();
    const result = box.hook("warp", "PreToolUse", { tool_name: "Bash" }, { config: writeConfig(box, SOURCE) });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("");
  });
});

describe("mcp-only hosts: planHost (what explain shows)", () => {
  const config = { id: "test", hooks: { PreToolUse: { handler: () => undefined }, Notification: { handler: () => undefined } } } as ConnectorConfig;
  const paths = { home: "/fake/home", env: {}, projectDir: "/fake/home/p" };

  for (const platform of MCP_ONLY) {
    test(platform, () => {
      const adapter = findAdapter(platform)!;
      expect(adapter.paradigm).toBe("mcp-only");
      expect(adapter.hooks).toEqual({ kind: "none" });
      const plan = planHost(adapter, config, "project", paths, []);
      expect(plan).toMatchObject({ paradigm: "mcp-only", edits: [], wired: [], unavailable: ["PreToolUse", "Notification"], degradations: [] });
      expect(plan.file).toBeUndefined();
    });
  }

  test("no event declared: one line saying so", () => {
    const plan = planHost(findAdapter("trae")!, { id: "test" } as ConnectorConfig, "user", paths, []);
    expect(plan.warnings).toEqual(["Trae has no hook layer; nothing is installed for its hooks."]);
  });
});
