/**
 * What the hook benches share (hook-roundtrip.ts, ab.ts): a temporary HOME, the floor program, fresh
 * copies of the binaries measured, connectors installed for Claude Code as a user would, real
 * Claude Code payloads, and one timed call with stdin written into a pipe after the start.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const repo = join(import.meta.dir, "..");
export const work = mkdtempSync(join(tmpdir(), "ac-bench-"));
const home = join(work, "home");
mkdirSync(home, { recursive: true });
export const env = { PATH: process.env.PATH ?? "", HOME: home, AGENT_CONNECTOR_HOME: join(home, ".agent-connector") };
/** The flags build/compile.ts compiles with, for the programs the benches compile themselves. */
export const COMPILE_FLAGS = ["--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", "--minify", "--bytecode", "--format=esm"];

export function sh(argv: string[], cwd = repo): string {
  const proc = Bun.spawnSync(argv, { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`${argv.join(" ")} failed:\n${proc.stderr}`);
  return proc.stdout.toString();
}

/**
 * Every binary measured is a fresh copy, made the same way: how a file's pages sit in the page
 * cache moves a run by up to 2 ms on a VM (a binary and its `cp` measured 14.0 vs 11.6 ms), which
 * would otherwise decide the ratio.
 */
export function freshCopy(from: string, name: string): string {
  const to = join(work, name);
  sh(["cp", from, to]);
  return to;
}

/** The floor: a program that reads stdin, parses it and prints one line, compiled as ours is; a fresh copy. */
export function buildFloor(): string {
  const source = join(work, "floor.ts");
  writeFileSync(source, `const input = JSON.parse(await Bun.stdin.text());\nconsole.log(typeof input);\n`);
  sh([process.execPath, "build", "--compile", ...COMPILE_FLAGS, source, "--outfile", join(work, "floor-built")]);
  return freshCopy(join(work, "floor-built"), "floor");
}

/** A project with these files, installed for Claude Code by `bin`; returns the hook command's words for `event`. */
export function installProject(bin: string, name: string, files: Record<string, string>, event: string): string[] {
  const project = join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(project, file, ".."), { recursive: true });
    writeFileSync(join(project, file), text);
  }
  sh([bin, "install", "--platform", "claude-code"], project);
  const settings = JSON.parse(readFileSync(join(home, ".claude", "settings.json"), "utf8"));
  const commands: string[] = settings.hooks[event].flatMap((group: { hooks: { command: string }[] }) => group.hooks.map((h) => h.command));
  const installed = commands.find((c) => c.endsWith(`--connector ${name}`))!;
  return installed.slice(installed.indexOf(" hook ") + 1).split(" ");
}

export const config = (id: string, imports: string, hooks: string) =>
  `import { defineConnector } from "agent-connector";\n${imports}\nexport default defineConnector({\n  id: ${JSON.stringify(id)},\n  hooks: {\n${hooks}\n  },\n});\n`;

/** A connector that denies Bash commands with `tee` and adds context at session start. */
export const SMALL_HOOKS = `    PreToolUse: {
      matcher: "Bash",
      handler: (event) => String(event.toolInput.command).includes("tee") ? { decision: "deny", reason: "no tee" } : undefined,
    },
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "house rules: no tee" }) },`;

/** A real Claude Code payload (test/fixtures/claude-code), for a project in `work`. */
export const fixture = (name: string, project: string) =>
  readFileSync(join(repo, "test", "fixtures", "claude-code", `${name}.json`), "utf8")
    .replaceAll("<HOME>", home)
    .replaceAll("<CWD>", project)
    .replaceAll("<CWD-SLUG>", "project");

const reply = (event: string, fields: Record<string, string>) => `${JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } })}\n`;
export const DENY = reply("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: "no tee" });
export const CONTEXT = reply("SessionStart", { additionalContext: "house rules: no tee" });

/** Starts the daemon of `binary` and waits until it is ready; returns its pid. */
export function daemonOf(binary: string): number {
  sh([binary, "daemon", "start"]);
  return JSON.parse(sh([binary, "daemon", "status", "--json"])).daemon.pid;
}

/** CPU time (ms) the daemon and its workers have used so far (/proc: Linux). */
export function daemonCpuMs(pid: number): number {
  const ticks = (p: string) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      return { ppid: fields[1]!, cpu: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return undefined;
    }
  };
  let total = ticks(String(pid))?.cpu ?? 0;
  for (const entry of readdirSync("/proc")) if (/^\d+$/.test(entry) && ticks(entry)?.ppid === String(pid)) total += ticks(entry)!.cpu;
  return (total * 1000) / 100; // USER_HZ
}

/** Resident memory (MiB, VmRSS) of the daemon and of each of its workers now, and how many workers (/proc: Linux). */
export function daemonRssMb(pid: number): { daemon: number; workers: number[] } {
  const rss = (p: string) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      return { ppid: /^PPid:\s+(\d+)/m.exec(status)?.[1], mb: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024 };
    } catch {
      return undefined;
    }
  };
  const workers: number[] = [];
  for (const entry of readdirSync("/proc")) if (/^\d+$/.test(entry) && rss(entry)?.ppid === String(pid)) workers.push(rss(entry)!.mb);
  return { daemon: rss(String(pid))?.mb ?? 0, workers };
}

export interface Sample {
  wall: number;
  cpu: number;
}

/** One call as a host makes it: stdin a pipe the payload is written into after the start (hook-roundtrip.ts says why). */
export async function once(argv: string[], stdin: string, check?: string, extraEnv: Record<string, string> = {}): Promise<Sample> {
  const started = performance.now();
  const proc = Bun.spawn(argv, { cwd: work, env: { ...env, ...extraEnv }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  proc.stdin.write(stdin);
  void proc.stdin.end();
  const stdout = await new Response(proc.stdout).text();
  await proc.exited;
  const wall = performance.now() - started;
  if (check !== undefined && stdout !== check)
    throw new Error(`unexpected output of ${argv.join(" ")}: ${JSON.stringify(stdout)}\n${await new Response(proc.stderr).text()}`);
  const usage = proc.resourceUsage()!;
  return { wall, cpu: Number(usage.cpuTime.user + usage.cpuTime.system) / 1000 };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
export const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** CPU time the hypervisor gave other guests while this VM wanted it, all CPUs (ms, /proc/stat's `steal`). */
const stealMs = () => (Number(readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)[8]) * 1000) / 100;

/**
 * How contended the machine was since machineSince() was called: load average and steal time. On a VM
 * the floor measured 3.4 ms with no steal and 5–8 ms with it, and the ratio moved with it.
 */
export function machineSince(): () => string {
  const stolen = stealMs();
  const started = performance.now();
  return () => {
    const ms = stealMs() - stolen;
    const share = (ms / (performance.now() - started) / navigator.hardwareConcurrency) * 100;
    return `load average ${loadAverage()}, steal time ${ms.toFixed(0)} ms (${share.toFixed(1)}% of the CPUs' time)`;
  };
}
