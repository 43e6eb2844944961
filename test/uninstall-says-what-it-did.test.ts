import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sandbox, writeConfig } from "./support/harness.ts";

/**
 * Uninstall right after install (issue 48): it says what it removed, MCP servers included where a
 * host keeps them in a file its hooks' edit gives back its original bytes (Gemini CLI's and Qwen
 * Code's settings.json, Codex's config.toml), and leaves no folder that install made.
 */
const HOSTS: [id: string, name: string, folder: string][] = [
  ["codex", "Codex", ".codex"],
  ["gemini-cli", "Gemini CLI", ".gemini"],
  ["qwen-code", "Qwen Code", ".qwen"],
  ["cursor", "Cursor", ".cursor"],
];

describe("uninstall right after install", () => {
  for (const [id, name, folder] of HOSTS) {
    test(`${name}: says its MCP server was removed, and leaves no folder of install's`, () => {
      const box = sandbox();
      const config = writeConfig(box, `{ id: "test", mcpServers: { docs: { command: "docs-server" } }, hooks: { PreToolUse: { handler: () => undefined } } }`);
      expect(box.cli(["install", "--config", config, "--platform", id]).exitCode).toBe(0);
      expect(box.exists(join(box.home, folder))).toBe(true);
      const removed = box.cli(["uninstall", "--connector", "test"]);
      expect(removed.exitCode).toBe(0);
      expect(removed.stderr).toMatch(new RegExp(`${name} \\(user\\) [^\\n]*: removed MCP server docs\\n`));
      expect(removed.stderr).not.toContain("no MCP servers");
      expect(box.exists(join(box.home, folder))).toBe(false);
    });
  }
});
