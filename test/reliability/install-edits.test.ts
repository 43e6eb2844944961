/**
 * Editing what is there, exactly: a second install changes no byte whatever the file looked like,
 * a duplicate key is refused, only entries we wrote are ever ours, connector ids are literals.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BIN, sandbox, stdoutJson, writeConfig } from "../support/harness.ts";

const CONFIG = `{ id: "guard", hooks: { PreToolUse: { matcher: "Bash", handler: () => undefined }, Stop: { handler: () => undefined } } }`;

/** Settings files as users have them; every one must survive install → install → uninstall. */
const SHAPES: Record<string, string> = {
  "one line, no newline": `{"model":"opus"}`,
  "one line": `{"model":"opus"}\n`,
  "empty object": `{}`,
  "empty file": ``,
  CRLF: `{\r\n  "a": 1\r\n}\r\n`,
  tabs: `{\n\t"a": 1\n}\n`,
  "empty hooks": `{"hooks":{}}`,
  "empty event": `{"hooks":{"PreToolUse":[]}}`,
  "comment and trailing comma": `// c\n{"a":1,}`,
  "trailing comment": `{ "a": 1 } // tail`,
  "blank padding": `  {"a":1}  `,
  "user hook on one line": `{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"x"}]}]}}`,
  "nested own lines": `{\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "y" } ] }\n    ]\n  }\n}\n`,
};

describe("reinstall changes no byte", () => {
  for (const [name, text] of Object.entries(SHAPES)) {
    test(name, () => {
      const box = sandbox();
      const config = writeConfig(box, CONFIG);
      const settings = join(box.home, ".claude", "settings.json");
      box.write(settings, text);
      const install = () => box.cli(["install", "--config", config, "--platform", "claude-code", "--json"]);
      expect(install().exitCode).toBe(0);
      const first = box.read(settings);
      const second = install();
      expect((stdoutJson(second) as { results: { status: string }[] }).results[0]!.status).toBe("unchanged");
      expect(box.read(settings)).toBe(first);
      expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).stderr).toContain("already up to date");
      expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
      expect(box.exists(settings) ? box.read(settings) : "").toBe(text);
    });
  }
});

describe("duplicate keys on the paths we edit", () => {
  for (const [name, text, key] of [
    ["two hooks keys", `{"hooks": {}, "model": "x", "hooks": {"Stop": []}}`, "hooks"],
    ["two events of one name", `{"hooks": {"PreToolUse": [], "PreToolUse": []}}`, "PreToolUse"],
  ] as const) {
    test(`${name}: refused, exit 4, the file untouched`, () => {
      const box = sandbox();
      const config = writeConfig(box, CONFIG);
      const settings = box.write(join(box.home, ".claude", "settings.json"), text);
      const result = box.cli(["install", "--config", config, "--platform", "claude-code"]);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toContain(`${settings}: has the key "${key}" twice`);
      expect(box.read(settings)).toBe(text);
    });
  }
});

describe("only entries we wrote are ours", () => {
  test("a user's command that looks like ours survives uninstall", () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    const lookalike = "/usr/local/bin/my-wrapper hook claude-code PreToolUse --connector guard";
    const settings = box.write(
      join(box.home, ".claude", "settings.json"),
      `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"${lookalike}"}]}]}}\n`,
    );
    expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
    expect(box.read(settings)).toContain(`${BIN} hook claude-code PreToolUse --connector guard`);
    expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
    expect(box.read(settings)).toContain(lookalike);
    expect(box.read(settings)).not.toContain(BIN);
  });

  test("connector ids are literals: --connector '.*' is a usage error and removes nothing", () => {
    const box = sandbox();
    const config = writeConfig(box, CONFIG);
    const settings = join(box.home, ".claude", "settings.json");
    expect(box.cli(["install", "--config", config, "--platform", "claude-code"]).exitCode).toBe(0);
    const before = box.read(settings);
    for (const id of [".*", "gua.d", "guard|x"]) {
      const result = box.cli(["uninstall", "--connector", id, "--platform", "claude-code"]);
      expect({ exitCode: result.exitCode, stderr: result.stderr.includes("is not a connector id") }).toEqual({ exitCode: 2, stderr: true });
    }
    expect(box.read(settings)).toBe(before);
  });
});
