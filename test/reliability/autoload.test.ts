import { expect, test } from "bun:test";
import { join } from "node:path";
import { sandbox } from "../support/harness.ts";
import { claudeDeny, configWithHandler, prePayload } from "./support.ts";

/** Bun reads .env and bunfig.toml from the working directory at start, unless compiled with autoload off. */
test("a hostile .env and bunfig.toml in the host's cwd change nothing", () => {
  const box = sandbox();
  const config = configWithHandler(box, "() => ({ decision: 'deny', reason: 'no' })");
  box.write(join(box.env.AGENT_CONNECTOR_HOME!, "registry.json"), JSON.stringify({ connectors: { test: { config, installs: [] } } }));
  const marker = join(box.root, "preload-ran");
  box.write(join(box.project, ".env"), `AGENT_CONNECTOR_HOME=${join(box.root, "elsewhere")}\n`);
  box.write(join(box.project, "evil.ts"), `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "x"); console.log("evil");\n`);
  box.write(join(box.project, "bunfig.toml"), `preload = ["./evil.ts"]\n`);
  const result = box.hook("claude-code", "PreToolUse", prePayload());
  expect(result.stdout).toBe(claudeDeny("no"));
  expect(box.exists(marker)).toBe(false);
});
