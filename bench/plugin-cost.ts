/**
 * What one OpenCode tool call costs with our plugin, the ways a generated module can answer it.
 *
 *   bun run build && bun bench/plugin-cost.ts [--runs 200]     (the compiled binary must exist)
 *
 * worker: the module `install --platform opencode` generates, loaded in this (Bun) process and
 *   called the way OpenCode calls it (`tool.execute.before(input, output)` with the captured
 *   payload); the handler runs in its plugin worker (src/hook/plugin-worker.ts). This is what ships.
 * binary: the same module with its worker taken away (`runtime` removed from its settings): it
 *   spawns dist/agent-connector per call, as every module did before the worker, and as a module
 *   still does where the worker cannot answer.
 * direct: the binary's own code path (`hookReply`) called as a function on the host's thread: the
 *   floor, with no isolation at all (a busy loop would freeze the host).
 * First calls: the first call right after the host loaded the module (the worker still starting),
 *   and the first call once the worker has started (a host's first tool call comes after a model
 *   turn, hundreds of milliseconds later).
 * Runs alternate so machine noise hits all alike. Same connector, same answer (no opinion).
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
// The module without its worker: every call spawns the binary.
const binaryPath = join(box.root, "agent-connector-bench-opencode-binary.ts");
await Bun.write(binaryPath, (await Bun.file(modulePath).text()).replace(/\n\s*"runtime": "[^"]+",?/, ""));
type Hooks = Record<string, (i: unknown, o: unknown) => Promise<void>>;
const load = async (path: string): Promise<Hooks> =>
  ((await import(path)).default as { server: (input: unknown) => Promise<Hooks> }).server(fixturePayload("opencode", "plugin.init", box).input);
const captured = fixturePayload("opencode", "tool.execute.before", box);
const fresh = () => structuredClone(captured) as { input: unknown; output: { args: Record<string, unknown> } };

const call = async (hooks: Hooks): Promise<number> => {
  const args = fresh();
  const started = performance.now();
  await hooks["tool.execute.before"]!(args.input, args.output);
  return performance.now() - started;
};

async function direct(): Promise<number> {
  const args = fresh();
  const started = performance.now();
  const reply = await hookReply({ platform: "opencode", event: "PreToolUse", connector: "bench" }, JSON.stringify({ hook: "tool.execute.before", ...args }));
  if (reply.exitCode !== 0 || reply.stdout) throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
  return performance.now() - started;
}

// The first call on a module just loaded, then on one whose worker has had time to start.
const firstCold = await call(await load(`${modulePath}?cold`));
const warmed = await load(`${modulePath}?warm`);
await Bun.sleep(500);
const firstWarm = await call(warmed);
const worker = await load(modulePath);
const binary = await load(binaryPath);

// Each must deny the same call, or the comparison means nothing.
for (const [name, hooks] of [
  ["worker", worker],
  ["binary", binary],
] as const) {
  const deny = fresh();
  deny.output.args.command = "rm -rf /";
  const denied = await hooks["tool.execute.before"]!(deny.input, deny.output).then(
    () => "",
    (error: Error) => error.message,
  );
  if (denied !== "no rm -rf") throw new Error(`the ${name} module did not deny: ${JSON.stringify(denied)}`);
}

const firstDirect = await direct();
const samples = { worker: [] as number[], binary: [] as number[], direct: [] as number[] };
for (let i = 0; i < runs; i++) {
  samples.worker.push(await call(worker));
  samples.binary.push(await call(binary));
  samples.direct.push(await direct());
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
  console.log(`  ${name.padEnd(8)}  median ${ms(s.median)}  p95 ${ms(s.p95)}  mean ${ms(s.mean)}`);
}
console.log(`  worker first call: ${ms(firstWarm)} once the worker has started, ${ms(firstCold)} right after the module loaded (the worker starting)`);
console.log(`  direct first call (config import and transpile): ${ms(firstDirect)}`);
console.log(`  binary / worker, medians: ${(stat(samples.binary).median / stat(samples.worker).median).toFixed(0)}x`);
removeTempDirs();
