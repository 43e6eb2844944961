import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { loadPlugin, type Json } from "./support/plugin-host.ts";

/**
 * Kilo CLI: OpenCode's plugin contract (one generator, test/opencode-module.test.ts covers it in full),
 * checked here against the arguments the real Kilo 7.7.7 passed (test/fixtures/kilo-cli).
 */

const kilo = (name: string, box: Sandbox): Json => fixturePayload("kilo-cli", name, box);
const respondWith = (response: unknown) => ({ AC_TEST_RESPONSE: JSON.stringify(response) });

async function installed() {
  const box = sandbox();
  const config = writeScriptedConfig(box);
  expect(box.cli(["install", "--config", config, "--platform", "kilo-cli"]).exitCode).toBe(0);
  return { box, config, host: await loadPlugin(box, join(box.home, ".config", "kilo", "plugin", "agent-connector-test-kilo-cli.ts"), "kilo-cli") };
}

describe("kilo-cli: the generated module, called with Kilo's own arguments", () => {
  test("deny throws the reason; modify rewrites the args in place", async () => {
    const { box, host } = await installed();
    expect((await host.call(kilo("tool.execute.before", box), respondWith({ decision: "deny", reason: "R" }))).threw).toBe("R");
    const call = kilo("tool.execute.before", box);
    const args = call.output.args;
    await host.call(call, respondWith({ decision: "modify", updatedInput: { command: "echo safe", description: "Print hi" } }));
    expect(call.output.args).toBe(args);
    expect(args).toEqual({ command: "echo safe", description: "Print hi" });
  });

  test("updatedOutput replaces what the model reads and what Kilo shows", async () => {
    const { box, host } = await installed();
    const outcome = await host.call(kilo("tool.execute.after", box), respondWith({ updatedOutput: "O" }));
    expect(outcome.output).toEqual({ title: "Print hi", metadata: { output: "O", exit: 0, description: "Print hi", truncated: false }, output: "O" });
  });

  test("SessionStart context is appended to Kilo's real system prompt", async () => {
    const { box, host } = await installed();
    await host.call(kilo("event.session.created", box), respondWith({ additionalContext: "S" }));
    const call = kilo("experimental.chat.system.transform", box);
    const original = [...call.output.system];
    const outcome = await host.call(call);
    expect(outcome.output.system).toEqual([...original, "S"]);
    expect(original[0]).toStartWith("You are Kilo");
  });
});
