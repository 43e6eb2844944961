import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { generous } from "./support/budget.ts";
import { REPO, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { attributeValue, otlpReceiver, type Receiver } from "./support/otlp-receiver.ts";
import { DAEMON_ON } from "./reliability/support.ts";

/**
 * The ledger shipped to OpenTelemetry collectors (issue 45 point 5; docs/audit.md, "Shipping to a
 * collector"): the daemon sends every record as an OTLP/JSON log record to the collectors named,
 * from a cursor per collector that moves only when the collector accepted a batch. Through the
 * compiled binary under a temporary HOME, with a receiver in this process (test/support/otlp-receiver.ts)
 * that checks each request's shape against OTLP's field names and keeps the batches it answered 2xx.
 */

const boxes: { box: Sandbox; env: Record<string, string> }[] = [];
const receivers: Receiver[] = [];
afterAll(() => {
  for (const { box, env } of boxes) box.cli(["daemon", "stop"], { env });
  for (const receiver of receivers) receiver.down();
}, 60_000);

function receiver(path?: string): Receiver {
  const made = otlpReceiver(path);
  receivers.push(made);
  made.up();
  return made;
}

const SESSION = "otlp-session";
const payload = (box: Sandbox, command: string) =>
  JSON.stringify({ session_id: SESSION, cwd: box.project, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });

/** A sandbox with a connector that denies every command, and the daemon's environment naming the collectors. */
function shippingBox(otel: Record<string, string>): { box: Sandbox; env: Record<string, string> } {
  const box = sandbox();
  const config = writeConfig(
    box,
    `{ id: "test", timeout: 10, hooks: { PreToolUse: { handler: (e) => ({ decision: "deny", reason: "no " + e.toolInput.command }) } } }`,
  );
  const installed = box.cli(["install", "--config", config, "--platform", "claude-code"]);
  if (installed.exitCode !== 0) throw new Error(`install failed: ${installed.stderr}`);
  // Retried every 300 ms at most: the test waits for the collector's comeback, not for a minute's backoff.
  // Through the daemon, as hosts call: a call no worker can take at that moment runs in-process
  // (not `require`, which fails such a call open) and is recorded all the same.
  const env = { ...DAEMON_ON, AGENT_CONNECTOR_DAEMON: "1", ...otel, AGENT_CONNECTOR_OTLP_RETRY_MAX_MS: "300" };
  const made = { box, env };
  boxes.push(made);
  return made;
}

function startDaemon(box: Sandbox, env: Record<string, string>): number {
  const started = box.cli(["daemon", "start", "--json"], { env });
  if (started.exitCode !== 0) throw new Error(`the daemon did not start: ${started.stdout}${started.stderr}`);
  return (JSON.parse(started.stdout) as { daemon: { pid: number } }).daemon.pid;
}

/** `count` denied calls, numbered from `from`: through the daemon, or in a process of their own. */
function calls(box: Sandbox, env: Record<string, string>, from: number, count: number): void {
  for (let i = from; i < from + count; i++) {
    const result = box.hook("claude-code", "PreToolUse", payload(box, `echo ${i}`), { env });
    if (result.exitCode !== 0 || !result.stdout.includes(`no echo ${i}`)) throw new Error(`call ${i}: ${result.exitCode} ${result.stdout}${result.stderr}`);
  }
}

/** The ledger's lines as stored, oldest first, across its rotated files. */
function ledger(box: Sandbox): string[] {
  const dir = join(box.env.AGENT_CONNECTOR_HOME!, "audit");
  const index = (name: string) => Number(/^decisions(?:\.(\d+))?\.jsonl$/.exec(name)?.[1] ?? 0);
  const files = readdirSync(dir)
    .filter((name) => /^decisions(\.\d+)?\.jsonl$/.test(name))
    .sort((a, b) => index(b) - index(a));
  return files.flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n").filter(Boolean));
}

/** The cursors under the home (one per collector). */
function cursors(box: Sandbox): Record<string, unknown>[] {
  const dir = join(box.env.AGENT_CONNECTOR_HOME!, "audit", "otlp");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as Record<string, unknown>);
}

/** Polls (every 100 ms) until `done`, within a budget that grows with the machine's load. */
async function until(what: string, done: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + generous(ms);
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await Bun.sleep(100);
  }
}

/**
 * Every record arrived exactly once, in ledger order, as its exact line. `records`: how many the
 * ledger holds once every call made so far has appended (a call appends after its answer).
 */
async function allShipped(box: Sandbox, to: Receiver, records: number): Promise<string[]> {
  await until(`${records} records in the ledger`, () => ledger(box).length >= records);
  const lines = ledger(box);
  expect(lines.length).toBe(records);
  await until(`${lines.length} records at ${to.url}`, () => to.bodies().length >= lines.length, 300_000);
  expect(to.bodies()).toEqual(lines);
  return lines;
}

const seqOf = (line: string) => (JSON.parse(line) as { seq: number }).seq;

describe("shipping the ledger to an OpenTelemetry collector", () => {
  test(
    "10,000 calls with the collector down, then refusing, then up: each record arrives exactly once, in order, with calls answered in-process",
    async () => {
      const collector = receiver();
      collector.down();
      // Files of 1 MB: the ledger rotates several times on the way (about 500 bytes a record, the
      // length of its latency and times varying) and keeps every record (up to 20 files).
      const { box, env } = shippingBox({
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20t0ken,x-tenant=ac",
        AGENT_CONNECTOR_AUDIT_MAX_BYTES: "1000000",
        AGENT_CONNECTOR_AUDIT_KEEP: "20",
      });
      startDaemon(box, env);
      calls(box, env, 1, 5_000);
      // Answered in a process of their own: the same ledger, shipped by the daemon.
      calls(box, { ...env, AGENT_CONNECTOR_DAEMON: "0" }, 5_001, 200);
      calls(box, env, 5_201, 5_000);
      const written = ledger(box);
      expect(written).toHaveLength(10_200);
      expect(written.map(seqOf)).toEqual(written.map((_, i) => i + 1));
      // The ledger rotated on the way: the cursor follows the files' identity.
      expect(readdirSync(join(box.env.AGENT_CONNECTOR_HOME!, "audit")).filter((name) => /^decisions\.\d+\.jsonl$/.test(name)).length).toBeGreaterThan(0);

      // Down: the daemon tried, nothing moved, and the cursor says why.
      await until("the cursor to say the collector is down", () =>
        String(cursors(box)[0]?.failing && (cursors(box)[0]!.failing as { message: string }).message).startsWith("no answer"),
      );
      expect(cursors(box)[0]).toMatchObject({ url: `${collector.url}/v1/logs`, from: "environment", shipped: 0 });
      expect(cursors(box)[0]!.at).toBeUndefined();
      const shippingLine = () =>
        box
          .cli(["status"])
          .stdout.split("\n")
          .find((line) => line.startsWith("audit shipping: "));
      expect(shippingLine()).toStartWith(`audit shipping: ${collector.url}/v1/logs (environment): 10200 records behind, 0 shipped; failing since `);

      // Refusing (a wrong token, say): nothing is taken for accepted.
      collector.answer(401);
      collector.up();
      await until("a refusal", () => (cursors(box)[0]?.failing as { message?: string } | undefined)?.message === "HTTP 401: refused");
      expect(collector.accepted).toEqual([]);

      collector.answer(200);
      await allShipped(box, collector, 10_200);
      await until("the cursor at the last record", () => (cursors(box)[0]?.at as { seq?: number } | undefined)?.seq === 10_200);
      expect(cursors(box)[0]).toMatchObject({ shipped: 10_200 });
      expect(cursors(box)[0]!.failing).toBeUndefined();
      expect(shippingLine()).toMatch(new RegExp(`^audit shipping: ${collector.url}/v1/logs \\(environment\\): up to date, 10200 shipped \\(last \\S+\\)$`));
      // One more call: it follows, and nothing shipped before arrives twice.
      calls(box, env, 10_201, 1);
      await allShipped(box, collector, 10_201);

      // What a collector sees: semantic-convention names where one exists, ours under agent_connector.
      const batch = collector.accepted.at(-1)!;
      const record = batch.records.at(-1)!;
      const stored = JSON.parse((record.body as { stringValue: string }).stringValue) as Record<string, unknown>;
      expect(record).toMatchObject({ severityNumber: 13, severityText: "WARN", eventName: "agent_connector.decision" });
      expect(record.timeUnixNano).toBe(`${Date.parse(String(stored.time))}000000`);
      const attribute = (key: string) => attributeValue(record.attributes, key);
      expect(
        ["session.id", "gen_ai.tool.name", "agent_connector.seq", "agent_connector.host", "agent_connector.event", "agent_connector.connector"].map(attribute),
      ).toEqual([SESSION, "Bash", 10_201, "claude-code", "PreToolUse", "test"]);
      expect(
        ["agent_connector.tool.kind", "agent_connector.tool.command", "agent_connector.decision", "agent_connector.enforced", "agent_connector.reason"].map(
          attribute,
        ),
      ).toEqual(["shell", "echo 10201", "deny", "deny", "no echo 10201"]);
      expect(attribute("agent_connector.hash")).toBe(stored.hash);
      expect(attributeValue(batch.resource, "service.name")).toBe("agent-connector");
      expect(batch.headers).toMatchObject({ authorization: "Bearer t0ken", "x-tenant": "ac" });
    },
    generous(900_000),
  );

  test(
    "kill -9 of the daemon while a batch is out: the batches accepted are never sent again, the one unanswered is sent again whole, nothing is lost",
    async () => {
      const collector = receiver("/custom/logs");
      // The logs endpoint is used as it is; no timeout of the daemon's own cuts the held request short.
      const { box, env } = shippingBox({ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${collector.url}/custom/logs`, OTEL_EXPORTER_OTLP_TIMEOUT: "600000" });
      const pid = startDaemon(box, env);
      calls(box, env, 1, 300);
      await allShipped(box, collector, 300);
      const acceptedBefore = collector.accepted.length;

      collector.hold(true);
      calls(box, env, 301, 700);
      await until("a batch held by the collector", () => collector.held() === 1);
      process.kill(pid, "SIGKILL");
      await until("the daemon gone", () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      });
      collector.hold(false);
      expect(collector.accepted.length).toBe(acceptedBefore);

      // The next daemon ships from the cursor: the unanswered batch again, then the rest.
      startDaemon(box, env);
      const lines = await allShipped(box, collector, 1_000);
      expect(lines.map(seqOf)).toEqual(lines.map((_, i) => i + 1));
      expect(collector.accepted[acceptedBefore]!.records.map((r) => attributeValue(r.attributes, "agent_connector.seq"))[0]).toBe(301);
    },
    generous(300_000),
  );

  test.skipIf(process.getuid?.() !== 0)(
    "two collectors, the machine's and the user's: each gets every record once, in order; one down does not hold up the other",
    async () => {
      const machine = receiver();
      machine.down();
      const user = receiver();
      const { box, env } = shippingBox({ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: `${user.url}/v1/logs` });
      // The machine-wide audit setting (root's file) names the administrator's collector: its base URL.
      const root = join(box.root, "machine");
      box.write(join(root, "etc", "agent-connector", "audit.json"), JSON.stringify({ otlp: { endpoint: machine.url, headers: { "x-fleet": "f1" } } }));
      chmodSync(join(root, "etc", "agent-connector"), 0o755);
      const both = { ...env, AGENT_CONNECTOR_MANAGED_ROOT: root };
      startDaemon(box, both);
      calls(box, both, 1, 300);
      await allShipped(box, user, 300);
      expect(machine.requests).toBe(0);
      machine.up();
      await allShipped(box, machine, 300);
      expect(machine.accepted[0]!.headers).toMatchObject({ "x-fleet": "f1" });
      expect(
        cursors(box)
          .map((c) => [c.from, c.shipped])
          .sort(),
      ).toEqual([
        ["environment", 300],
        ["machine", 300],
      ]);
    },
    generous(300_000),
  );
});

describe("the hook path never loads the shipping", () => {
  const transpiler = new Bun.Transpiler({ loader: "ts" });
  const importsOf = (file: string, kind: "import-statement" | "dynamic-import") =>
    transpiler
      .scanImports(readFileSync(join(REPO, file), "utf8").replace(/^#!.*/, ""))
      .filter((found) => found.kind === kind && found.path.startsWith(".") && found.path.endsWith(".ts"))
      .map((found) => relative(REPO, resolve(REPO, dirname(file), found.path)));
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (!seen.has(file)) {
      seen.add(file);
      for (const target of importsOf(file, "import-statement")) closure(target, seen);
    }
    return seen;
  };
  // What ships (otlp-status.ts and otlp-cursor.ts only read the cursors, for `status`).
  const SHIPPING = /^src\/(daemon\/otlp-(ship|batch|claim|targets)|audit\/otlp-encode)\.ts$/;

  test("neither the client, the in-process hook, the worker nor the CLI's entry imports it statically; the daemon imports it dynamically", () => {
    for (const entry of ["src/cli.ts", "src/hook/client.ts", "src/hook/in-process.ts", "src/hook/worker.ts", "src/daemon/serve.ts"])
      expect([...closure(entry)].filter((file) => SHIPPING.test(file))).toEqual([]);
    expect(importsOf("src/daemon/serve.ts", "dynamic-import")).toContain("src/daemon/otlp-ship.ts");
    // And nothing else loads it, statically or not.
    const importers = readdirSync(join(REPO, "src"), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => `src/${file}`)
      .filter((file) => [...importsOf(file, "import-statement"), ...importsOf(file, "dynamic-import")].includes("src/daemon/otlp-ship.ts"));
    expect(importers).toEqual(["src/daemon/serve.ts"]);
  });
});
