// End-to-end suite: installs agent-connector hooks into REAL host programs and drives
// each host offline against the mock model on 127.0.0.1.
//
//   bun test/hosts/run.ts [--host <id>[,<id>…]] [--case <name>[,…]] [--quick] [--verbose] [--list]
//
// Env:
//   AC_BIN                 agent-connector binary (default <repo>/dist/agent-connector)
//   AC_E2E_CACHE           where hosts are installed (default ~/.cache/agent-connector-e2e)
//   HOSTS_LATEST=1         install and test <pkg>@latest instead of the pinned versions
//   AC_E2E_CODEX_TRUST     app-server (default) | bypass | none: how Codex hook trust is handled
//   AC_E2E_KEEP=1          keep every case's temp dir (failed cases' dirs are always kept)
//
// Output: one line per case (`ok|FAIL|skip <host> <case>[: why]`), `# …` comment lines,
// and finally `N passed, N failed[, N skipped]`. Exit 1 if any case failed.

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { HOSTS, ensureInstalled, wantLatest, type HostDef, type InstalledHost, type RunContext } from "./hosts.ts";
import { CASES, connectorConfigSource, type CaseDef, type CaseOutcome } from "./cases.ts";
import { startMockModel } from "./mock-model.ts";
import { codexTrustHooks } from "./codex-trust.ts";

const REPO = resolve(import.meta.dir, "..", "..");
const PROMPT = "Run `echo hi` with the shell tool, then say done.";
const INSTALL_TIMEOUT_MS = 30_000;

// ---------- arguments ----------

const argv = process.argv.slice(2);
const listArg = (flag: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === flag && argv[i + 1]) out.push(...argv[++i]!.split(","));
    else if (a.startsWith(flag + "=")) out.push(...a.slice(flag.length + 1).split(","));
  }
  return out.filter(Boolean);
};
const hostFilter = listArg("--host");
const caseFilter = listArg("--case");
const quick = argv.includes("--quick");
const verbose = argv.includes("--verbose") || argv.includes("-v");
const keepAll = process.env.AC_E2E_KEEP === "1";
const codexTrustMode = (process.env.AC_E2E_CODEX_TRUST ?? "app-server") as "app-server" | "bypass" | "none";
const AC_BIN = resolve(process.env.AC_BIN || join(REPO, "dist", "agent-connector"));

for (const h of hostFilter) {
  if (!HOSTS.some((x) => x.id === h)) {
    console.error(`unknown host "${h}"; known: ${HOSTS.map((x) => x.id).join(", ")}`);
    process.exit(2);
  }
}
for (const c of caseFilter) {
  if (!CASES.some((x) => x.name === c)) {
    console.error(`unknown case "${c}"; known: ${CASES.map((x) => x.name).join(", ")}`);
    process.exit(2);
  }
}

const hosts = HOSTS.filter((h) => hostFilter.length === 0 || hostFilter.includes(h.id));
const cases = CASES.filter((c) => (caseFilter.length ? caseFilter.includes(c.name) : !quick || c.quick));

if (argv.includes("--list")) {
  for (const h of hosts) for (const c of cases) console.log(`${h.id} ${c.name}`);
  process.exit(0);
}

// ---------- process helpers ----------

interface Ran {
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Run a command in its own process group; on timeout kill the whole group. */
async function runBounded(cmd: string[], opts: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<Ran> {
  const t0 = performance.now();
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd,
    env: opts.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
  });
  let timedOut = false;
  const killGroup = (sig: NodeJS.Signals) => {
    try {
      process.kill(-proc.pid, sig);
    } catch {}
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup("SIGTERM");
    setTimeout(() => killGroup("SIGKILL"), 2000).unref();
  }, opts.timeoutMs);
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  const exitCode = await proc.exited;
  clearTimeout(timer);
  // Whatever the host left behind in its group (servers, shells) goes too.
  killGroup("SIGKILL");
  return { exitCode: timedOut ? null : exitCode, timedOut, stdout, stderr, ms: performance.now() - t0 };
}

const firstLine = (s: string) => s.trim().split("\n").find((l) => l.trim())?.trim().slice(0, 300) ?? "";

function baseEnv(ctx: RunContext, acHome: string, tmp: string): Record<string, string> {
  const nodeDir = dirname(Bun.which("node") ?? "/usr/bin/node");
  return {
    PATH: [dirname(AC_BIN), nodeDir, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
    HOME: ctx.home,
    USER: process.env.USER ?? "root",
    LOGNAME: process.env.USER ?? "root",
    SHELL: "/bin/bash",
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    TMPDIR: tmp,
    AGENT_CONNECTOR_HOME: acHome,
  };
}

// ---------- one case ----------

type Result = { status: "ok" | "FAIL" | "skip"; why?: string; notes?: string[] };

const installedBins = new Map<string, InstalledHost>();
const noAdapter = new Map<string, string>(); // host id -> why install failed

async function runCase(host: HostDef, c: CaseDef): Promise<Result> {
  const missing = c.needs.filter((e) => !host.fires.includes(e));
  if (missing.length) return { status: "skip", why: `${host.id} does not fire ${missing.join(", ")} in a non-interactive run` };
  const unsupported = host.unsupported?.[c.name];
  if (unsupported) return { status: "skip", why: unsupported };
  if (noAdapter.has(host.id)) return { status: "skip", why: noAdapter.get(host.id) };
  const inst = installedBins.get(host.id)!;

  const base = mkdtempSync(join(tmpdir(), `ac-e2e-${host.id}-${c.name}-`));
  const ctxPaths = {
    home: join(base, "home"),
    cwd: join(base, "project"),
    marks: join(base, "marks"),
    tmp: join(base, "tmp"),
  };
  for (const d of Object.values(ctxPaths)) mkdirSync(d, { recursive: true });
  const acHome = join(ctxPaths.home, ".agent-connector");
  const mock = startMockModel();
  const ctx: RunContext = { home: ctxPaths.home, cwd: ctxPaths.cwd, mockUrl: mock.url };
  const notes: string[] = [];
  let result: Result = { status: "ok" };
  try {
    host.setup(ctx);
    const env = { ...baseEnv(ctx, acHome, ctxPaths.tmp), ...host.env(ctx) };

    // 1. our binary installs the connector
    const cfg = join(base, "agent-connector.config.ts");
    writeFileSync(cfg, connectorConfigSource(c, host, ctxPaths.marks));
    const install = await runBounded(
      [AC_BIN, "install", "--config", cfg, "--platform", host.id, "--scope", "user", "--json"],
      { cwd: ctx.cwd, env, timeoutMs: INSTALL_TIMEOUT_MS },
    );
    writeFileSync(join(base, "install.out"), `exit=${install.exitCode}\n--- stdout\n${install.stdout}\n--- stderr\n${install.stderr}`);
    if (install.exitCode !== 0) {
      const why = `agent-connector has no adapter for ${host.id} yet (install exit ${install.timedOut ? "timeout" : install.exitCode}: ${firstLine(install.stderr) || firstLine(install.stdout)})`;
      // One failed install per host is enough to know; the other cases of this host are skipped too.
      noAdapter.set(host.id, why);
      return (result = { status: "skip", why });
    }
    if (verbose) notes.push(`install: ${install.stdout.trim().slice(0, 2000)}`);

    // 2. host-specific preparation that our install may leave to the user
    const hostArgs = host.args(PROMPT, ctx);
    if (host.id === "codex") {
      if (codexTrustMode === "bypass") {
        hostArgs.splice(1, 0, "--dangerously-bypass-hook-trust");
      } else {
        const tr = await codexTrustHooks(inst.bin, { cwd: ctx.cwd, env, listOnly: codexTrustMode === "none" });
        const untrusted = tr.before.filter((h) => h.trustStatus !== "trusted");
        if (untrusted.length) {
          notes.push(
            `codex: install left ${untrusted.length}/${tr.before.length} hook(s) ${[...new Set(untrusted.map((h) => h.trustStatus))].join("/")}` +
              (codexTrustMode === "app-server" ? "; trusted them via codex app-server" : "; left as is (AC_E2E_CODEX_TRUST=none)"),
          );
        }
      }
    }

    // 3. the real host, bounded
    const ran = await runBounded([inst.bin, ...hostArgs], { cwd: ctx.cwd, env, timeoutMs: host.timeoutMs });
    writeFileSync(join(base, "host.out"), `exit=${ran.exitCode} timedOut=${ran.timedOut} ms=${Math.round(ran.ms)}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`);
    writeFileSync(
      join(base, "model-requests.json"),
      JSON.stringify(mock.requests.map((r) => ({ method: r.method, path: r.path, answer: r.answer, tool: r.tool, body: r.json ?? r.text })), null, 1),
    );
    const outcome: CaseOutcome = { ...ctxPaths, mock, exitCode: ran.exitCode, timedOut: ran.timedOut, stdout: ran.stdout, stderr: ran.stderr };
    const why = c.check(outcome, host);
    if (why) result = { status: "FAIL", why };
    if (verbose) notes.push(`host ran in ${(ran.ms / 1000).toFixed(1)} s, exit ${ran.timedOut ? "timeout" : ran.exitCode}`);
  } catch (e) {
    result = { status: "FAIL", why: `harness error: ${(e as Error).message}` };
  } finally {
    mock.stop();
    if (result.status === "FAIL") notes.push(`kept ${base}`);
    else if (!keepAll) rmSync(base, { recursive: true, force: true });
    else notes.push(`kept ${base}`);
  }
  result.notes = notes;
  return result;
}

// ---------- main ----------

async function main() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const line = (s: string) => console.log(s);

  if (!existsSync(AC_BIN)) line(`# agent-connector binary not found at ${AC_BIN}: every case will be skipped`);
  line(`# agent-connector: ${AC_BIN}`);
  line(`# codex hook trust: ${codexTrustMode === "bypass" ? "--dangerously-bypass-hook-trust" : codexTrustMode === "none" ? "none" : "codex app-server (hooks/list + config/batchWrite)"}`);

  const wall: Record<string, number> = {};
  for (const host of hosts) {
    const t0 = performance.now();
    const hostCases = cases;
    if (!existsSync(AC_BIN)) {
      for (const c of hostCases) {
        line(`skip ${host.id} ${c.name}: agent-connector binary not built (${AC_BIN})`);
        skipped++;
      }
      continue;
    }
    try {
      const inst = await ensureInstalled(host, (s) => line(`# ${s}`));
      installedBins.set(host.id, inst);
      if (inst.installedNow) line(`# installed ${host.pkg}@${inst.version} in ${inst.seconds?.toFixed(1)} s`);
      if (wantLatest()) line(`# ${host.id}: ${host.pkg}@latest resolved to ${inst.version} (pinned ${host.version})`);
    } catch (e) {
      for (const c of hostCases) {
        line(`FAIL ${host.id} ${c.name}: cannot install host: ${(e as Error).message}`);
        failed++;
      }
      continue;
    }
    for (const c of hostCases) {
      const r = await runCase(host, c);
      line(`${r.status} ${host.id} ${c.name}${r.why ? `: ${r.why}` : ""}`);
      for (const n of r.notes ?? []) line(`#   ${n.split("\n").join("\n#   ")}`);
      if (r.status === "ok") passed++;
      else if (r.status === "FAIL") failed++;
      else skipped++;
    }
    wall[host.id] = (performance.now() - t0) / 1000;
  }
  for (const [id, s] of Object.entries(wall)) line(`# ${id}: ${s.toFixed(1)} s`);
  line(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(failed ? 1 : 0);
}

await main();
