/**
 * What one OpenCode tool call costs with our plugin, two ways.
 *
 *   bun run build && bun bench/plugin-cost.ts [--runs 200]     (the compiled binary must exist)
 *
 * binary: the module `install --platform opencode` generates, loaded in this (Bun) process and
 *   called the way OpenCode calls it (`tool.execute.before(input, output)` with the captured
 *   payload); it spawns dist/agent-connector per call. This is what ships.
 * in-process: the binary's own code path (`hookReply`: registry, config, normalize, matcher,
 *   handler under its budget, resolve, render) called as a function in the host process: what a
 *   module importing our runtime would do per call, without a process. The config import is
 *   cached after the first call, which is reported apart.
 * Runs alternate so machine noise hits both alike. Same connector, same answer (no opinion).
 */
import { join } from "node:path";
import { hookReply } from "../src/hook/run.ts";
import { fixturePayload, sandbox, writeConfig } from "../test/support/harness.ts";
import { removeTempDirs } from "../test/support/temp.ts";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 200;

const box = sandbox();
// The module's child and hookReply both find the connector through this environment.
Object.assign(process.env, box.env);
writeConfig(
  box,
  `{
  id: "bench",
  hooks: {
    PreToolUse: {
      matcher: "bash",
      handler: (event) => String(event.toolInput.command).includes("rm -rf") ? { decision: "deny", reason: "no rm -rf" } : undefined,
    },
  },
}`,
);
const install = box.cli(["install", "--platform", "opencode"]);
if (install.exitCode !== 0) throw new Error(`install failed: ${install.stderr}`);
const modulePath = join(box.home, ".config", "opencode", "plugins", "agent-connector-bench-opencode.ts");
const plugin = (await import(modulePath)).default as { server: (input: unknown) => Promise<Record<string, (i: unknown, o: unknown) => Promise<void>>> };
const hooks = await plugin.server(fixturePayload("opencode", "plugin.init", box).input);

const captured = fixturePayload("opencode", "tool.execute.before", box);
const fresh = () => structuredClone(captured) as { input: unknown; output: { args: Record<string, unknown> } };

async function viaBinary(): Promise<number> {
  const call = fresh();
  const started = performance.now();
  await hooks["tool.execute.before"]!(call.input, call.output);
  return performance.now() - started;
}

async function inProcess(): Promise<number> {
  const call = fresh();
  const started = performance.now();
  const reply = await hookReply({ platform: "opencode", event: "PreToolUse", connector: "bench" }, JSON.stringify({ hook: "tool.execute.before", ...call }));
  if (reply.exitCode !== 0 || reply.stdout) throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
  return performance.now() - started;
}

// Both must deny the same call, or the comparison means nothing.
const deny = fresh();
deny.output.args.command = "rm -rf /";
const denied = await hooks["tool.execute.before"]!(deny.input, deny.output).then(() => "", (error: Error) => error.message);
if (denied !== "no rm -rf") throw new Error(`the generated module did not deny: ${JSON.stringify(denied)}`);

const firstInProcess = await inProcess();
await viaBinary();
const samples = { binary: [] as number[], "in-process": [] as number[] };
for (let i = 0; i < runs; i++) {
  samples.binary.push(await viaBinary());
  samples["in-process"].push(await inProcess());
}

const stat = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), mean: values.reduce((a, b) => a + b, 0) / values.length };
};
const ms = (n: number) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`;
console.log(`OpenCode tool.execute.before, ${runs} calls each (Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores)`);
for (const [name, values] of Object.entries(samples)) {
  const s = stat(values);
  console.log(`  ${name.padEnd(10)}  median ${ms(s.median)}  p95 ${ms(s.p95)}  mean ${ms(s.mean)}`);
}
console.log(`  in-process first call (config import and transpile): ${ms(firstInProcess)}`);
console.log(`  ratio of medians: ${(stat(samples.binary).median / stat(samples["in-process"]).median).toFixed(0)}x`);
removeTempDirs();
