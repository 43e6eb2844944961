import { expect, test } from "bun:test";
import { join } from "node:path";
import { statSync } from "node:fs";
import { sandbox } from "../support/harness.ts";
import { configWithHandler, prePayload } from "./support.ts";

const SECRET = "aug-session-Zq9xW3vT7pLm2Ks8";

test("the log: entries capped and redacted, the file rotated by size", () => {
  const box = sandbox();
  const log = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
  // A huge error message that quotes the tool input and the environment's token.
  const config = configWithHandler(box, "(e) => { throw new Error(e.toolInput.command + ' ' + process.env.AUGMENT_SESSION_AUTH + ' ' + 'x'.repeat(200000)); }");
  box.write(log, `${"old line\n".repeat(120_000)}`);
  const payload = prePayload({ tool_input: { command: "curl -H 'secret-header' https://example.test" } });
  const result = box.hook("claude-code", "PreToolUse", payload, { config, env: { AUGMENT_SESSION_AUTH: SECRET } });
  expect(result.exitCode).toBe(0);
  const text = box.read(log);
  expect(box.exists(`${log}.1`)).toBe(true);
  expect(statSync(log).size).toBeLessThan(2000);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain("secret-header");
  expect(result.stderr).not.toContain(SECRET);
  expect(text).toContain("handler threw");
});

test("the log: token-shaped text is redacted, a long file path stays readable", () => {
  const box = sandbox();
  const log = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
  const path = "/srv/connectors/a-rather-long-project-name/agent-connector.config.ts";
  const token = "Zq9xW3vT7pLm2Ks8Zq9xW3vT7pLm2Ks8Ab12";
  const config = configWithHandler(box, `() => { throw new Error(${JSON.stringify(`${path} failed with ${token}`)}); }`);
  box.hook("claude-code", "PreToolUse", prePayload(), { config });
  const text = box.read(log);
  expect(text).toContain(path);
  expect(text).not.toContain(token);
});
