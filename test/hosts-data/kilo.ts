import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { HostRecord } from "./record.ts";
import { sandbox, writeConfig } from "../support/harness.ts";
import { OPENCODE, URL_HTTP } from "./mcp.ts";

// Kilo Code (the VS Code extension) runs Kilo CLI's backend: its module is Kilo CLI's
// (test/hosts-data/kilo-cli.ts has the payloads and replies).
const folder = (home: string) => join(home, ".config", "kilo", "plugin");
const MODULE = "agent-connector-guard-kilo-cli.ts";

export const kilo: HostRecord = {
  id: "kilo",
  mcp: { kind: "own-test", file: "test/hosts-data/kilo.ts" },
  fixtures: {},
  extra: () =>
    describe("kilo: one module with Kilo CLI", () => {
      const setup = () => {
        const box = sandbox();
        const config = writeConfig(box, `{ id: "guard", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "no" }) } } }`);
        const registry = () =>
          JSON.parse(box.read(join(box.env.AGENT_CONNECTOR_HOME!, "registry.json"))).connectors.guard?.installs.filter(
            (r: { part?: string }) => r.part !== "mcp",
          ) ?? [];
        return { box, config, registry };
      };

      test("install for both ids at one scope: one file, generated for Kilo CLI, both recorded", () => {
        const { box, config, registry } = setup();
        expect(box.cli(["install", "--config", config, "--platform", "kilo,kilo-cli"]).exitCode).toBe(0);
        expect(readdirSync(folder(box.home))).toEqual([MODULE]);
        const text = box.read(join(folder(box.home), MODULE));
        expect(text.split("\n")[0]).toEndWith('for connector "guard" on Kilo CLI. Do not edit:');
        expect(text).toContain('"hook",\n    "kilo-cli"');
        expect(
          registry()
            .map((r: { platform: string; file: string }) => [r.platform, r.file])
            .sort(),
        ).toEqual([
          ["kilo", join(folder(box.home), MODULE)],
          ["kilo-cli", join(folder(box.home), MODULE)],
        ]);
      });

      test("uninstall of one id keeps the module the other still loads; the last one removes it", () => {
        const { box, config, registry } = setup();
        expect(box.cli(["install", "--config", config, "--platform", "kilo,kilo-cli"]).exitCode).toBe(0);
        const first = box.cli(["uninstall", "--connector", "guard", "--platform", "kilo"]);
        expect(first.exitCode).toBe(0);
        expect(first.stderr).toContain("stays, Kilo CLI loads it too");
        expect(box.exists(join(folder(box.home), MODULE))).toBe(true);
        expect(registry().map((r: { platform: string }) => r.platform)).toEqual(["kilo-cli"]);
        expect(box.cli(["uninstall", "--connector", "guard", "--platform", "kilo-cli"]).exitCode).toBe(0);
        expect(box.exists(join(folder(box.home), MODULE))).toBe(false);
      });

      test("MCP servers go to kilo.json, the file Kilo CLI reads too; uninstall takes them out", () => {
        const box = sandbox();
        const config = writeConfig(box, `{ id: "tools", mcpServers: { rec: { command: "node", args: ["server.mjs"] }, api: { url: "${URL_HTTP}" } } }`);
        const file = join(box.home, ".config", "kilo", "kilo.json");
        expect(box.cli(["install", "--config", config, "--platform", "kilo"]).exitCode).toBe(0);
        expect(JSON.parse(box.read(file))).toEqual({ mcp: OPENCODE });
        expect(box.cli(["uninstall", "--connector", "tools", "--platform", "kilo"]).exitCode).toBe(0);
        expect(box.exists(file)).toBe(false);
      });

      test("installed for Kilo Code alone, the module is Kilo CLI's and uninstall removes it", () => {
        const { box, config } = setup();
        expect(box.cli(["install", "--config", config, "--platform", "kilo", "--scope", "project", "--project-dir", box.project]).exitCode).toBe(0);
        expect(readdirSync(join(box.project, ".kilo", "plugin"))).toEqual([MODULE]);
        expect(box.cli(["uninstall", "--connector", "guard", "--platform", "kilo"]).exitCode).toBe(0);
        expect(box.exists(join(box.project, ".kilo", "plugin", MODULE))).toBe(false);
      });
    }),
};
