/**
 * The hook round trip as a host runs it, against a floor measured in the same run.
 *
 *   bun bench/hook-roundtrip.ts [--runs 200]
 *
 * Floor: `bun build --compile` of a program that reads stdin, parses it and prints one line with
 * console.log. Ours: dist/agent-connector, with a TypeScript connector config installed for Claude
 * Code as a user would, answering a real Claude Code PreToolUse payload with a deny.
 * Runs alternate between the two so machine noise hits both alike. Targets (issue #2):
 * median ≤ 1.3× the floor, peak RSS ≤ floor + 10 MB.
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = join(import.meta.dir, "..");
const bin = join(repo, "dist", "agent-connector");
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 200;
const work = mkdtempSync(join(tmpdir(), "ac-bench-"));
const home = join(work, "home");
mkdirSync(home, { recursive: true });
const env = { PATH: process.env.PATH ?? "", HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") };

function sh(argv: string[], cwd = repo) {
  const proc = Bun.spawnSync(argv, { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`${argv.join(" ")} failed:\n${proc.stderr}`);
  return proc.stdout.toString();
}

if (!existsSync(bin)) sh([process.execPath, "build/compile.ts"]);

// The floor, compiled with the same flags as ours (build/compile.ts).
const floorSource = join(work, "floor.ts");
writeFileSync(floorSource, `const input = JSON.parse(await Bun.stdin.text());\nconsole.log(typeof input);\n`);
const floor = join(work, "floor");
sh([process.execPath, "build", "--compile", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", "--minify", "--bytecode", "--format=esm", floorSource, "--outfile", floor]);

// Ours, installed as a user would.
const project = join(work, "project");
mkdirSync(project);
writeFileSync(
  join(project, "agent-connector.config.ts"),
  `import { defineConnector } from "agent-connector";
export default defineConnector({
  id: "bench",
  hooks: {
    PreToolUse: {
      matcher: "Bash",
      handler: (event) => String(event.toolInput.command).includes("tee") ? { decision: "deny", reason: "no tee" } : undefined,
    },
  },
});
`,
);
sh([bin, "install", "--platform", "claude-code"], project);
const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
const installed: string = settings.hooks.PreToolUse[0].hooks[0].command;
const ours = [bin, ...installed.slice(installed.indexOf(" hook ") + 1).split(" ")];

const payload = readFileSync(join(repo, "test", "fixtures", "claude-code", "PreToolUse.json"), "utf8")
  .replaceAll("<HOME>", home)
  .replaceAll("<CWD>", project)
  .replaceAll("<CWD-SLUG>", "project");
const expected = `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no tee" } })}\n`;

async function once(argv: string[], check?: string): Promise<number> {
  const started = performance.now();
  const proc = Bun.spawn(argv, { cwd: project, env, stdin: new Blob([payload]), stdout: "pipe", stderr: "pipe" });
  const stdout = await new Response(proc.stdout).text();
  await proc.exited;
  const ms = performance.now() - started;
  if (check !== undefined && stdout !== check) throw new Error(`unexpected output: ${JSON.stringify(stdout)}`);
  return ms;
}

/**
 * Peak RSS of one run, in MB. A child's max RSS is read by a fresh probe process per run: the
 * kernel reports the largest of all children a process has waited for, not the last one.
 */
const payloadFile = join(work, "payload.json");
writeFileSync(payloadFile, payload);
const probe = `const p = Bun.spawn(JSON.parse(process.argv[1]), { cwd: ${JSON.stringify(project)}, env: ${JSON.stringify(env)}, stdin: Bun.file(process.argv[2]), stdout: "ignore", stderr: "ignore" }); await p.exited; console.log(p.resourceUsage().maxRSS);`;
function peakRssMb(argv: string[]): number {
  const proc = Bun.spawnSync([process.execPath, "-e", probe, JSON.stringify(argv), payloadFile], { stdout: "pipe" });
  return Number(proc.stdout.toString().trim()) / 1024 / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

for (let i = 0; i < 10; i++) {
  await once([floor]);
  await once(ours, expected);
}
const floorMs: number[] = [];
const ourMs: number[] = [];
for (let i = 0; i < runs; i++) {
  floorMs.push(await once([floor]));
  ourMs.push(await once(ours, expected));
}
const floorRss: number[] = [];
const ourRss: number[] = [];
for (let i = 0; i < 10; i++) {
  floorRss.push(peakRssMb([floor]));
  ourRss.push(peakRssMb(ours));
}

const row = (name: string, ms: number[], rss: number[]) => ({ name, median: median(ms), p90: p90(ms), rss: median(rss) });
const f = row("floor (compiled stdin → JSON.parse → console.log)", floorMs, floorRss);
const o = row("agent-connector hook (TS config, deny)", ourMs, ourRss);
const ratio = o.median / f.median;
const extraRss = o.rss - f.rss;

console.log(`hook round trip, ${runs} alternating runs each (${process.platform}-${process.arch}, bun ${Bun.version})\n`);
console.log("| program | median | p90 | peak RSS (median of 10) |");
console.log("|---|---|---|---|");
for (const r of [f, o]) console.log(`| ${r.name} | ${r.median.toFixed(2)} ms | ${r.p90.toFixed(2)} ms | ${r.rss.toFixed(1)} MB |`);
console.log(`\nratio of medians: ${ratio.toFixed(2)}× (target ≤ 1.30×); extra peak RSS: ${extraRss.toFixed(1)} MB (target ≤ 10 MB)`);
const ok = ratio <= 1.3 && extraRss <= 10;
rmSync(work, { recursive: true, force: true });
console.log(ok ? "within target" : "OUTSIDE target");
process.exit(ok ? 0 : 1);
