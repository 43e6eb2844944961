/**
 * Every (host, event) that install wires is simulated from its own built-in sample payload on the
 * compiled binary: it exits 0, the handler runs on the normalized event, and simulate prints what
 * the host gets, the same reply a real hook call on that payload gives. The list comes from the
 * install planner over every adapter (both scopes), so a new host or event is covered with no edit
 * here. (Issue 34: the sample builder threw on Codex's PostToolUse, and doctor lost its report.)
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { ADAPTERS, findAdapter } from "../adapters/index.ts";
import { EVENT_NAMES, type ConnectorConfig } from "../src/events.ts";
import { planHost } from "../src/install/plan.ts";
import { BIN, sandbox, writeConfig, type Result, type Sandbox } from "./support/harness.ts";
import { generous } from "./support/budget.ts";

/** Every event of every host that install would wire for a connector that hooks all of them. */
function wiredPairs(box: Sandbox): { host: string; name: string; event: string }[] {
  const every = { id: "every", hooks: Object.fromEntries(EVENT_NAMES.map((event) => [event, { handler: () => undefined }])) };
  const paths = { home: box.home, env: {}, projectDir: box.project };
  return ADAPTERS.flatMap((adapter) => {
    const wired = new Set(
      (["user", "project"] as const).flatMap((scope) =>
        planHost(adapter, every as ConnectorConfig, scope, paths, [BIN], { only: "hooks" })
          .wired.filter((w) => !w.native)
          .map((w) => w.event),
      ),
    );
    return EVENT_NAMES.filter((event) => wired.has(event)).map((event) => ({ host: adapter.id, name: adapter.name, event }));
  });
}

// The handler echoes what it was called with, so a reply proves the sample was normalized and read.
const EVERY_EVENT = `{
  id: "every",
  hooks: Object.fromEntries(${JSON.stringify(EVENT_NAMES)}.map((name) => [name, {
    handler: (event) => ({ decision: "context", additionalContext: event.hostPlatform + " " + name + " " + event.sessionId }),
  }])),
}`;

async function run(box: Sandbox, args: string[], stdin?: string, env: Record<string, string> = {}): Promise<Result> {
  const proc = Bun.spawn([BIN, ...args], {
    cwd: box.project,
    env: { ...box.env, ...env },
    stdin: stdin === undefined ? "ignore" : Buffer.from(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, exitCode };
}

/** `hook <host> <event>` on `payload`, handed over as the host does (stdin, or environment variables for Mux). */
function hookCall(box: Sandbox, host: string, event: string, config: string, payload: Record<string, unknown>): Promise<Result> {
  const args = ["hook", host, event, "--config", config];
  const input = findAdapter(host)!.input;
  if (input?.kind !== "env") return run(box, args, JSON.stringify(payload));
  const vars = Object.entries(input.fields).flatMap(([field, { vars }]) =>
    field in payload ? [[vars[0]!, typeof payload[field] === "string" ? payload[field] : JSON.stringify(payload[field])]] : [],
  );
  return run(box, args, undefined, Object.fromEntries(vars));
}

/** Runs `jobs` two at a time (the machine is shared), in order of their results. */
async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

interface Simulated {
  payload: Record<string, unknown>;
  matched: boolean;
  returned: unknown;
  problem?: string;
  reply: { exitCode: number; stdout?: string; stderr?: string };
}

describe("simulate: every host × every event install wires, from its built-in sample", () => {
  const box = sandbox();
  const pairs = wiredPairs(box);
  let results: { host: string; name: string; event: string; json: Result; text: Result; hook?: Result }[] = [];

  beforeAll(async () => {
    const config = writeConfig(box, EVERY_EVENT);
    results = await inPairs(
      pairs.map(({ host, name, event }) => async () => ({
        host,
        name,
        event,
        json: await run(box, ["simulate", host, event, "--config", config, "--json"]),
        text: await run(box, ["simulate", host, event, "--config", config]),
      })),
    );
    // The same sample through a real hook call: simulate must print what the hook answers.
    await inPairs(
      results.map((r) => async () => {
        if (r.json.exitCode !== 0) return;
        const { payload } = JSON.parse(r.json.stdout) as Simulated;
        r.hook = await hookCall(box, r.host, r.event, config, payload);
      }),
    );
  }, generous(240_000));

  test("the list is the adapters' own: every hook host, its events", () => {
    // Codex PostToolUse is the case of issue 34; the count guards against an empty walk.
    expect(pairs).toContainEqual({ host: "codex", name: "Codex", event: "PostToolUse" });
    expect(new Set(pairs.map((p) => p.host)).size).toBeGreaterThan(30);
    expect(pairs.length).toBeGreaterThan(250);
  });

  test("each exits 0, calls the handler on the normalized sample, and prints the host's reply", () => {
    const failures: string[] = [];
    for (const { host, name, event, json, text, hook } of results) {
      const where = `${host} ${event}`;
      if (json.exitCode !== 0 || text.exitCode !== 0) {
        failures.push(`${where}: exit ${json.exitCode} / ${text.exitCode}: ${json.stderr.trim() || text.stderr.trim()}`);
        continue;
      }
      const out = JSON.parse(json.stdout) as Simulated;
      if (!out.matched) failures.push(`${where}: the handler was not called`);
      else if ((out.returned as { additionalContext?: string }).additionalContext !== `${host} ${event} sample-session`)
        failures.push(`${where}: the handler got ${JSON.stringify(out.returned)}`);
      if (out.problem) failures.push(`${where}: problem: ${out.problem}`);
      if (typeof out.reply?.exitCode !== "number") failures.push(`${where}: no reply`);
      else {
        const printed = `${name} gets: exit ${out.reply.exitCode}\nstdout: ${out.reply.stdout ? out.reply.stdout.trimEnd() : "(empty)"}`;
        if (!text.stdout.includes(printed)) failures.push(`${where}: the text report lacks "${printed}"`);
        const answered = { exitCode: hook?.exitCode, stdout: hook?.stdout || undefined, stderr: hook?.stderr || undefined };
        const simulated = { exitCode: out.reply.exitCode, stdout: out.reply.stdout || undefined, stderr: out.reply.stderr || undefined };
        if (!Bun.deepEquals(simulated, answered))
          failures.push(`${where}: simulate says ${JSON.stringify(simulated)}, the hook answers ${JSON.stringify(answered)}`);
      }
    }
    expect(failures).toEqual([]);
    // Not a walk of empty replies: the handler's context reaches the host where it has a channel for it.
    const carried = results.filter((r) => r.hook?.stdout.includes(`${r.host} ${r.event} sample-session`));
    expect(carried.map((r) => `${r.host} ${r.event}`)).toContain("codex PostToolUse");
  });
});
