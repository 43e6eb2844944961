// End-to-end suite: installs agent-connector hooks into REAL host programs and drives
// each host offline against the mock model on 127.0.0.1.
//
//   bun test/hosts/run.ts [--host <id>[,<id>…]] [--case <name>[,…]] [--quick] [--verbose] [--list]
//   bun test/hosts/run.ts --install-only [--host …]   (fill the host cache, print versions and size)
//
// Env:
//   AC_BIN                 agent-connector binary (default <repo>/dist/agent-connector)
//   AC_E2E_CACHE           where hosts are installed (default ~/.cache/agent-connector-e2e)
//   HOSTS_LATEST=1         install and test each host's newest npm version instead of the pinned one, and end with
//                          the drift report: per host, pinned and newest version and each case's result
//   AC_E2E_CODEX_TRUST     app-server (default) | bypass | none: how Codex hook trust is handled
//   AC_E2E_KEEP=1          keep every case's temp dir (failed cases' dirs are always kept)
//   AC_E2E_STRACE=1        run each host under strace and note any non-loopback connect()
//
// Output: one line per case (`ok|FAIL|skip|degraded <host> <case>[: why]`), `# …` comment lines,
// and finally `N passed, N failed[, N skipped][, N degraded as declared]`. Exit 1 if any case failed.

import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { REAL_HOSTS, cacheRoot, ensureInstalled, hostPath, newestVersion, wantLatest, type HostDef, type InstalledHost, type RunContext } from "./hosts.ts";
import { CASES, FIRST_TURN_MARK, MCP_SECRET, connectorConfigSource, type CaseDef, type CaseOutcome } from "./cases.ts";
import { startMockModel } from "./mock-model.ts";
import { codexTrustHooks } from "./codex-trust.ts";
import { driftTable, type DriftRow } from "./drift-table.ts";
import { overlayCommand } from "../support/overlay-namespace.ts";

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
    else if (a.startsWith(`${flag}=`)) out.push(...a.slice(flag.length + 1).split(","));
  }
  return out.filter(Boolean);
};
const hostFilter = listArg("--host");
const caseFilter = listArg("--case");
const quick = argv.includes("--quick");
const verbose = argv.includes("--verbose") || argv.includes("-v");
const keepAll = process.env.AC_E2E_KEEP === "1";
const strace = process.env.AC_E2E_STRACE === "1";
const codexTrustMode = (process.env.AC_E2E_CODEX_TRUST ?? "app-server") as "app-server" | "bypass" | "none";
const AC_BIN_SOURCE = resolve(process.env.AC_BIN || join(REPO, "dist", "agent-connector"));
// The suite runs a snapshot of the binary, so that a rebuild during the run (which replaces
// dist/agent-connector) cannot break hooks half-way. Installed hook commands point at it.
let SUITE_DIR = "";
let AC_BIN = AC_BIN_SOURCE;

for (const h of hostFilter) {
  if (!REAL_HOSTS.some((x) => x.id === h)) {
    console.error(`unknown host "${h}"; known: ${REAL_HOSTS.map((x) => x.id).join(", ")}`);
    process.exit(2);
  }
}
for (const c of caseFilter) {
  if (!CASES.some((x) => x.name === c)) {
    console.error(`unknown case "${c}"; known: ${CASES.map((x) => x.name).join(", ")}`);
    process.exit(2);
  }
}

const hosts = REAL_HOSTS.filter((h) => hostFilter.length === 0 || hostFilter.includes(h.id));
const cases = CASES.filter((c) => (caseFilter.length ? caseFilter.includes(c.name) : !quick || c.quick));

if (argv.includes("--install-only")) {
  // Fill the host cache (e.g. in CI before the run) and report versions, times and size.
  const t0 = performance.now();
  let bad = 0;
  for (const h of hosts) {
    try {
      const i = await ensureInstalled(h, (s) => console.log(`# ${s}`));
      console.log(`${h.id} ${h.pkg}@${i.version} ${i.installedNow ? `installed in ${i.seconds?.toFixed(1)} s` : "cached"} (${i.dir})`);
    } catch (e) {
      bad++;
      console.log(`${h.id} ${h.pkg}: ${(e as Error).message}`);
    }
  }
  const du = Bun.spawnSync(["du", "-sh", cacheRoot()]).stdout.toString().trim().split(/\s+/)[0];
  console.log(`# ${((performance.now() - t0) / 1000).toFixed(1)} s, cache ${cacheRoot()} holds ${du}`);
  process.exit(bad ? 1 : 0);
}

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

/** process groups started and not yet reaped: killed if the suite itself is interrupted */
const liveGroups = new Set<number>();
/** temp dirs of the case in progress: removed if the suite is interrupted */
const liveDirs = new Set<string>();
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(sig, () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {}
    }
    for (const dir of [...liveDirs, SUITE_DIR]) if (dir) rmSync(dir, { recursive: true, force: true });
    console.log(`# interrupted (${sig})`);
    process.exit(130);
  });
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
  liveGroups.add(proc.pid);
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
  liveGroups.delete(proc.pid);
  return { exitCode: timedOut ? null : exitCode, timedOut, stdout, stderr, ms: performance.now() - t0 };
}

const firstLine = (s: string) =>
  s
    .trim()
    .split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? "";

/** The gist of a command's output: a JSON error message if it printed one, else its first line. */
function gist(out: string, err: string): string {
  for (const text of [out, err]) {
    try {
      const j = JSON.parse(text);
      const msg = j?.error?.message ?? j?.message ?? (typeof j?.error === "string" ? j.error : undefined);
      if (msg) return String(msg).slice(0, 300);
    } catch {}
  }
  return firstLine(err) || firstLine(out);
}

/** A compact account of `install --json`: per platform, what was wired, degraded or warned. */
function installSummary(out: string): string[] {
  let j: any;
  try {
    j = JSON.parse(out);
  } catch {
    return [`install printed non-JSON: ${firstLine(out)}`];
  }
  const lines: string[] = [];
  for (const r of j?.results ?? []) {
    const wired = (r.wired ?? []).map((w: any) => `${w.event}->${w.nativeEvent}${w.matcher ? `(${w.matcher})` : ""}`).join(" ");
    lines.push(`install ${r.platform}: ${r.status ?? "?"} ${r.file ?? ""} wired: ${wired || "-"}`);
    for (const d of r.degradations ?? []) lines.push(`  degraded ${d.event}: ${d.from} -> ${d.to}`);
    for (const u of r.unavailable ?? []) lines.push(`  unavailable: ${typeof u === "string" ? u : JSON.stringify(u)}`);
    for (const w of r.warnings ?? []) lines.push(`  warning: ${typeof w === "string" ? w : JSON.stringify(w)}`);
    for (const [k, v] of Object.entries(r)) {
      if (!["platform", "name", "paradigm", "scope", "wired", "unavailable", "degradations", "warnings", "file", "status", "diff"].includes(k))
        lines.push(`  ${k}: ${JSON.stringify(v).slice(0, 400)}`);
    }
  }
  return lines.length ? lines : [`install: ${out.trim().slice(0, 400)}`];
}

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
    E2E_MCP_SECRET: MCP_SECRET,
  };
}

/**
 * If install itself says the case's event is unavailable on this host, or that the case's
 * decision is degraded there, the case cannot pass as written: skip it, quoting install.
 */
function declinedByInstall(out: string, host: HostDef, c: CaseDef): string | undefined {
  let j: any;
  try {
    j = JSON.parse(out);
  } catch {
    return undefined;
  }
  const r = (j?.results ?? []).find((x: any) => x?.platform === host.id) ?? j?.results?.[0];
  if (!r) return undefined;
  for (const u of r.unavailable ?? []) {
    const ev = typeof u === "string" ? u : u?.event;
    if (ev === c.primary || (typeof u === "string" && u.startsWith(`${c.primary} `)))
      return `agent-connector install reports ${c.primary} unavailable on ${host.id}: ${typeof u === "string" ? u : JSON.stringify(u)}`;
  }
  for (const d of r.degradations ?? []) {
    if (d?.event === c.primary && c.decision && d?.from === c.decision)
      return `agent-connector install reports ${c.primary} ${d.from} degraded on ${host.id}: ${d.from} -> ${d.to}`;
  }
  return undefined;
}

/** The kind of error `install --json` ended with, if it printed one. */
function installErrorKind(stdout: string): string | undefined {
  try {
    return JSON.parse(stdout)?.error?.kind;
  } catch {
    return undefined;
  }
}

/** connect() calls in an strace log to anything but loopback or a local socket */
function foreignConnects(file: string): string[] {
  if (!existsSync(file)) return ["strace: no log"];
  const seen = new Set<string>();
  for (const l of readFileSync(file, "utf8").split("\n")) {
    if (!l.includes("connect(")) continue;
    if (l.includes("AF_UNIX") || l.includes("AF_NETLINK")) continue;
    const v4 = l.match(/inet_addr\("([^"]+)"\)/)?.[1];
    const v6 = l.match(/inet_pton\(AF_INET6, "([^"]+)"/)?.[1];
    const port = l.match(/sin6?_port=htons\((\d+)\)/)?.[1];
    const addr = v4 ?? v6;
    if (!addr || addr.startsWith("127.") || addr === "::1" || addr === "::ffff:127.0.0.1") continue;
    seen.add(`${addr}:${port ?? "?"}`);
  }
  return seen.size ? [`strace: connect() to non-loopback ${[...seen].join(", ")}`] : ["strace: loopback only"];
}

// ---------- replay: what did our hook print for the host's own payload? ----------

/** Hook command strings registered under the given event keys in a host's JSON hook files. */
function hookCommands(host: HostDef, ctx: RunContext, keys: string[]): string[] {
  const out: string[] = [];
  const collect = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if ((k === "command" || k === "bash") && typeof x === "string") out.push(x);
        else collect(x);
      }
    }
  };
  for (const file of host.hookFiles?.(ctx) ?? []) {
    if (!existsSync(file)) continue;
    let j: any;
    try {
      j = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    for (const k of keys) collect(j?.hooks?.[k]);
  }
  return [...new Set(out)];
}

/**
 * On failure, feed the payload the host really sent (kept by the handler) to the hook
 * command our install registered, and show what it printed: this is what the host acted on.
 */
async function replayHook(host: HostDef, c: CaseDef, ctx: RunContext, marks: string, env: Record<string, string>): Promise<string[]> {
  if (!c.primary) return [];
  const rawFile = join(marks, `${c.primary}.raw.json`);
  if (!existsSync(rawFile)) return [`replay: the ${c.primary} handler never ran, nothing to replay`];
  const keys = host.native?.[c.primary!] ?? [c.primary!];
  const folder = host.hookFolder?.(ctx);
  const cmds = folder ? keys.map((key) => join(folder, key)).filter((file) => existsSync(file)) : hookCommands(host, ctx, keys);
  if (cmds.length === 0)
    return [`replay: no hook command found under ${keys.join("/")} in ${(host.hookFiles?.(ctx) ?? []).join(", ") || "(no JSON hook files known)"}`];
  const lines: string[] = [];
  for (const cmd of cmds) {
    const t0 = performance.now();
    const p = Bun.spawn(["bash", "-c", cmd], {
      cwd: ctx.cwd,
      env: { ...env, CLAUDE_PROJECT_DIR: ctx.cwd },
      stdin: Bun.file(rawFile),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    lines.push(`replay ${keys[0]}: ${cmd}`);
    lines.push(
      `  -> exit ${code} in ${Math.round(performance.now() - t0)} ms, stdout: ${JSON.stringify(out.trim()).slice(0, 1500)}${err.trim() ? `, stderr: ${JSON.stringify(err.trim()).slice(0, 500)}` : ""}`,
    );
  }
  lines.push(`  (payload: ${rawFile})`);
  return lines;
}

// ---------- one case ----------

type Result = { status: "ok" | "FAIL" | "skip" | "degraded"; why?: string; notes?: string[]; degraded?: string };

const installedBins = new Map<string, InstalledHost>();
const noAdapter = new Map<string, string>(); // host id -> why install failed
let codexTrustNoted = false;

async function runCase(host: HostDef, c: CaseDef): Promise<Result> {
  const inst = installedBins.get(host.id)!;
  // The host record's declarations describe the pinned version. A newer one (HOSTS_LATEST=1) runs
  // the cases declared unsupported, to see whether that changed; a declared degradation is checked
  // as declared, whose check says when the host now honours the case.
  const newer = wantLatest() && inst.version !== host.version;
  const degraded = host.degraded?.[c.name];
  const missing = c.needs.filter((e) => !host.fires.includes(e));
  if (missing.length && !degraded) return { status: "skip", why: `${host.id} fires no ${missing.join("/")} in a non-interactive run` };
  if (c.appliesTo && !c.appliesTo(host))
    return {
      status: "skip",
      why: c.appliesWhy
        ? `the ${c.name} case is ${c.appliesWhy}`
        : `the ${c.name} case is not for ${host.id}'s kind of hooks (test/reliability and test/fail-closed.test.ts cover the rest)`,
    };
  const unsupported = host.unsupported?.[c.name];
  if (unsupported && !newer) return { status: "skip", why: unsupported };
  if (noAdapter.has(host.id)) return { status: "skip", why: noAdapter.get(host.id) };
  const result = await runCaseIn(host, c, inst, degraded);
  // Still unsupported on the newer version: what the pins declare, not a failure.
  if (unsupported && result.status === "FAIL") return { ...result, status: "skip", why: `${unsupported}; on ${inst.version} still: ${result.why}` };
  if (unsupported && result.status === "ok")
    result.notes = [...(result.notes ?? []), `${c.name} passes on ${inst.version}: drop it from ${host.id}'s unsupported when bumping`];
  return result;
}

async function runCaseIn(host: HostDef, c: CaseDef, inst: InstalledHost, degraded: NonNullable<HostDef["degraded"]>[string] | undefined): Promise<Result> {
  const base = mkdtempSync(join(tmpdir(), `ac-e2e-${host.id}-${c.name}-`));
  liveDirs.add(base);
  const ctxPaths = {
    home: join(base, "home"),
    cwd: join(base, "project"),
    marks: join(base, "marks"),
    tmp: join(base, "tmp"),
  };
  for (const d of Object.values(ctxPaths)) mkdirSync(d, { recursive: true });
  const acHome = join(ctxPaths.home, ".agent-connector");
  const mock = startMockModel({ ...c.mock, firstTurnMark: join(ctxPaths.marks, FIRST_TURN_MARK) });
  const ctx: RunContext = { home: ctxPaths.home, cwd: ctxPaths.cwd, mockUrl: mock.url };
  const notes: string[] = [];
  let result: Result = { status: "ok" };
  try {
    host.setup(ctx);
    const env = { ...baseEnv(ctx, acHome, ctxPaths.tmp), ...host.env(ctx) };
    env.PATH = `${hostPath(inst.dir, host)}${env.PATH}`;

    // 1. our binary installs the connector
    const cfg = join(base, "agent-connector.config.ts");
    writeFileSync(cfg, connectorConfigSource(c, host, ctxPaths.marks));
    // A managed case installs as root into the real system paths of a namespace of its own, and runs the host there.
    const inNamespace = c.managed ? overlayCommand(join(base, "system")) : (argv: readonly string[]) => [...argv];
    const scope = c.managed ? ["--scope", "managed", ...(c.managed.lock ? ["--lock"] : [])] : ["--scope", "user"];
    const install = await runBounded(inNamespace([AC_BIN, "install", "--config", cfg, "--platform", host.id, ...scope, "--json"]), {
      cwd: ctx.cwd,
      env,
      timeoutMs: INSTALL_TIMEOUT_MS,
    });
    writeFileSync(join(base, "install.out"), `exit=${install.exitCode}\n--- stdout\n${install.stdout}\n--- stderr\n${install.stderr}`);
    if (install.exitCode !== 0 && installErrorKind(install.stdout) === "ConnectorConfigError")
      // The case's own config refused (a binary older than what the case uses): a failure, not a missing host.
      return (result = { status: "FAIL", why: `install refused the case's config: ${gist(install.stdout, install.stderr)}` });
    if (install.exitCode !== 0) {
      const why = `agent-connector has no adapter for ${host.id} yet (install exit ${install.timedOut ? "timeout" : install.exitCode}: ${gist(install.stdout, install.stderr)})`;
      // One failed install per host is enough to know; the other cases of this host are skipped too.
      noAdapter.set(host.id, why);
      return (result = { status: "skip", why });
    }
    if (verbose) notes.push(...installSummary(install.stdout));
    const declined = declinedByInstall(install.stdout, host, c);
    const expected = host.degrades?.[c.name];
    if (degraded) {
      // The degradation must be reported by install, and what happens instead is asserted below.
      if (!declined?.includes(degraded.reported))
        return (result = {
          status: "FAIL",
          why: `install does not report the known degradation "${degraded.reported}" (${declined ?? "no degradation reported"})`,
        });
    } else {
      // A degradation the host record declares must be the one install reports: asserted, not skipped.
      if (expected && !declined) return (result = { status: "FAIL", why: `install did not report the degradation expected here (${expected})` });
      if (declined) return (result = expected ? { status: "degraded", why: `${declined} (expected: ${expected})` } : { status: "skip", why: declined });
    }

    if (c.afterInstall) c.afterInstall(JSON.parse(install.stdout).results[0].file, AC_BIN);
    if (c.managed?.userHooks) {
      const userCfg = join(base, "user", "agent-connector.config.ts");
      mkdirSync(dirname(userCfg), { recursive: true });
      writeFileSync(userCfg, connectorConfigSource(c, host, ctxPaths.marks, { id: "e2e-user", hooks: c.managed.userHooks }));
      const user = await runBounded([AC_BIN, "install", "--config", userCfg, "--platform", host.id, "--scope", "user", "--json"], {
        cwd: ctx.cwd,
        env,
        timeoutMs: INSTALL_TIMEOUT_MS,
      });
      if (user.exitCode !== 0) return (result = { status: "FAIL", why: `the user-scope connector did not install: ${gist(user.stdout, user.stderr)}` });
    }

    // 2. host-specific preparation that our install may leave to the user
    const hostArgs = c.asking && host.argsAsking ? host.argsAsking(PROMPT, ctx) : host.args(PROMPT, ctx);
    if (host.id === "codex") {
      if (codexTrustMode === "bypass") {
        hostArgs.splice(1, 0, "--dangerously-bypass-hook-trust");
      } else {
        const tr = await codexTrustHooks(inst.bin, { cwd: ctx.cwd, env, listOnly: codexTrustMode === "none" });
        const untrusted = tr.before.filter((h) => h.trustStatus !== "trusted");
        if (!codexTrustNoted && tr.before.length && !untrusted.length) {
          codexTrustNoted = true;
          notes.push(`codex: install had already trusted all ${tr.before.length} hook(s) itself (codex app-server hooks/list)`);
        }
        if (untrusted.length && !codexTrustNoted) {
          codexTrustNoted = true;
          notes.push(
            `codex: install left ${untrusted.length}/${tr.before.length} hook(s) ${[...new Set(untrusted.map((h) => h.trustStatus))].join("/")}` +
              (codexTrustMode === "app-server" ? "; trusted them via codex app-server" : "; left as is (AC_E2E_CODEX_TRUST=none)"),
          );
        }
      }
    }

    // 3. the real host, bounded (optionally under strace, to list every connect() it tried)
    const straceOut = join(base, "strace.txt");
    const prefix = strace ? ["strace", "-f", "-qq", "-s", "128", "-e", "trace=connect,sendto,sendmmsg", "-o", straceOut] : [];
    const ran = await runBounded(inNamespace([...prefix, inst.bin, ...hostArgs]), { cwd: ctx.cwd, env, timeoutMs: host.timeoutMs });
    if (strace) notes.push(...foreignConnects(straceOut));
    writeFileSync(
      join(base, "host.out"),
      `exit=${ran.exitCode} timedOut=${ran.timedOut} ms=${Math.round(ran.ms)}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`,
    );
    writeFileSync(
      join(base, "model-requests.json"),
      JSON.stringify(
        mock.requests.map((r) => ({ method: r.method, path: r.path, answer: r.answer, tool: r.tool, body: r.json ?? r.text })),
        null,
        1,
      ),
    );
    const outcome: CaseOutcome = { ...ctxPaths, mock, exitCode: ran.exitCode, timedOut: ran.timedOut, stdout: ran.stdout, stderr: ran.stderr };
    let why = degraded ? degraded.check(outcome, host) : c.check(outcome, host);
    if (!why && ran.timedOut) why = `the host did not finish within ${host.timeoutMs / 1000} s`;
    const refusedExit = c.asking && c.refused ? host.askingRefusal?.exitCode : undefined;
    if (!why && ran.exitCode !== (degraded?.exitCode ?? refusedExit ?? 0)) why = `the host exited ${ran.exitCode}: ${gist(ran.stdout, ran.stderr)}`;
    if (!why && degraded) result.degraded = degraded.why;
    if (why) {
      result = { status: "FAIL", why };
      notes.push(...(await replayHook(host, c, ctx, ctxPaths.marks, env)));
    }
    if (verbose) notes.push(`host ran in ${(ran.ms / 1000).toFixed(1)} s, exit ${ran.timedOut ? "timeout" : ran.exitCode}`);
  } catch (e) {
    result = { status: "FAIL", why: `harness error: ${(e as Error).message}` };
  } finally {
    mock.stop();
    if (result.status === "FAIL" || keepAll) notes.push(`kept ${base}`);
    else rmSync(base, { recursive: true, force: true });
    liveDirs.delete(base);
    // `result` is also the object an early `return` inside the try handed back.
    result.notes = notes;
  }
  return result;
}

// ---------- main ----------

/**
 * Every host's install, one after another in the background from the start: while a host runs its
 * cases (CPU), the next ones download (network, disk). With an empty cache that is about 1.4 GB
 * and 7 minutes that no longer add to the cases' time.
 */
function installInTurn(list: HostDef[], log: (s: string) => void): Map<string, Promise<InstalledHost>> {
  const installs = new Map<string, Promise<InstalledHost>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const host of list) {
    const install = previous.then(() => ensureInstalled(host, log));
    // Awaited when the host's turn comes; until then a failure must not count as unhandled.
    install.catch(() => {});
    installs.set(host.id, install);
    previous = install.catch(() => {});
  }
  return installs;
}

async function main() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let degraded = 0;
  const line = (s: string) => console.log(s);

  if (existsSync(AC_BIN_SOURCE)) {
    SUITE_DIR = mkdtempSync(join(tmpdir(), "ac-e2e-suite-"));
    AC_BIN = join(SUITE_DIR, "bin", "agent-connector");
    mkdirSync(dirname(AC_BIN), { recursive: true });
    copyFileSync(AC_BIN_SOURCE, AC_BIN);
    chmodSync(AC_BIN, 0o755);
    line(`# agent-connector: ${AC_BIN_SOURCE} (run from a snapshot: ${AC_BIN})`);
  } else {
    line(`# agent-connector binary not found at ${AC_BIN_SOURCE}: every case will be skipped`);
  }
  line(
    `# codex hook trust: ${codexTrustMode === "bypass" ? "--dangerously-bypass-hook-trust" : codexTrustMode === "none" ? "none" : "codex app-server (hooks/list + config/batchWrite)"}`,
  );

  const installs = existsSync(AC_BIN) ? installInTurn(hosts, (s) => line(`# ${s}`)) : new Map<string, Promise<InstalledHost>>();
  const wall: Record<string, number> = {};
  const drift: DriftRow[] = [];
  for (const host of hosts) {
    const t0 = performance.now();
    const hostCases = cases;
    if (!existsSync(AC_BIN)) {
      for (const c of hostCases) {
        line(`skip ${host.id} ${c.name}: agent-connector binary not built (${AC_BIN_SOURCE})`);
        skipped++;
      }
      continue;
    }
    const row: DriftRow = { host: host.id, pinned: host.version, newest: "", results: new Map() };
    drift.push(row);
    try {
      const inst = await installs.get(host.id)!;
      installedBins.set(host.id, inst);
      row.newest = inst.version;
      if (inst.installedNow) line(`# installed ${host.pkg}@${inst.version} in ${inst.seconds?.toFixed(1)} s`);
      if (wantLatest()) line(`# ${host.id}: ${host.pkg}@latest resolved to ${inst.version} (pinned ${host.version})`);
    } catch (e) {
      // A pinned version must install. A newest one that does not (a platform package missing from
      // the registry) is drift to report: the pin stays.
      row.newest = host.version;
      if (wantLatest()) {
        try {
          row.newest = await newestVersion(host);
        } catch {
          row.newest = "latest";
        }
      }
      row.notInstalled = (e as Error).message;
      for (const c of hostCases) {
        if (wantLatest()) {
          line(`skip ${host.id} ${c.name}: ${host.pkg}@${row.newest} does not install (the drift report says why)`);
          skipped++;
        } else {
          line(`FAIL ${host.id} ${c.name}: cannot install host: ${(e as Error).message}`);
          failed++;
        }
      }
      continue;
    }
    for (const c of hostCases) {
      const r = await runCase(host, c);
      // A case passed as a declared `degraded` reads as a degradation in the table too.
      row.results.set(c.name, r.degraded ? "degraded" : r.status);
      line(`${r.status} ${host.id} ${c.name}${r.why ? `: ${r.why}` : ""}${r.degraded ? ` (degraded, as install reports: ${r.degraded})` : ""}`);
      const fact = host.caseNotes?.[c.name];
      if (fact && r.status !== "ok") line(`#   note: ${fact}`);
      for (const n of r.notes ?? []) line(`#   ${n.split("\n").join("\n#   ")}`);
      if (r.status === "ok") passed++;
      else if (r.status === "FAIL") failed++;
      else if (r.status === "degraded") degraded++;
      else skipped++;
    }
    wall[host.id] = (performance.now() - t0) / 1000;
  }
  for (const [id, s] of Object.entries(wall)) line(`# ${id}: ${s.toFixed(1)} s`);
  if (wantLatest())
    for (const l of driftTable(
      drift,
      cases.map((c) => c.name),
    ))
      line(l);
  // Kept case dirs of failed cases point at the snapshot: keep it with them.
  if (SUITE_DIR && failed === 0) rmSync(SUITE_DIR, { recursive: true, force: true });
  else if (SUITE_DIR) line(`# binary snapshot kept for the kept case dirs: ${AC_BIN}`);
  line(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${degraded ? `, ${degraded} degraded as declared` : ""}`);
  process.exit(failed ? 1 : 0);
}

await main();
