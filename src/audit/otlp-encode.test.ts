import { expect, test } from "bun:test";
import { exportRequest } from "./otlp-encode.ts";
import type { AuditRecord } from "./record.ts";

const record: AuditRecord = {
  v: 1,
  seq: 7,
  time: "2026-12-06T01:02:03.456Z",
  host: "cursor",
  installedFor: "claude-code",
  event: "PreToolUse",
  connector: "guard",
  session: "s-1",
  tool: { kind: "read", name: "Read", paths: ["a.txt", "b.txt"] },
  answer: "allow",
  enforced: "allow",
  effect: "as answered",
  outcome: "fail-open: timeout",
  latencyMs: 12.5,
  build: "abc",
  prev: "p",
  hash: "h",
};

test("a record as an OTLP log record: the stored line as body, times in nanoseconds as strings, a failure as ERROR", () => {
  const body = JSON.parse(exportRequest([{ text: "the line", record }], { serviceVersion: "1.2.3", hostName: "box" }, 1_000)) as {
    resourceLogs: { resource: { attributes: unknown[] }; scopeLogs: { scope: unknown; logRecords: Record<string, unknown>[] }[] }[];
  };
  const [resource] = body.resourceLogs;
  expect(resource!.resource.attributes).toEqual([
    { key: "service.name", value: { stringValue: "agent-connector" } },
    { key: "service.version", value: { stringValue: "1.2.3" } },
    { key: "host.name", value: { stringValue: "box" } },
  ]);
  expect(resource!.scopeLogs[0]!.scope).toEqual({ name: "agent-connector.audit", version: "1.2.3" });
  const log = resource!.scopeLogs[0]!.logRecords[0]!;
  expect(log).toMatchObject({
    timeUnixNano: "1796518923456000000",
    observedTimeUnixNano: "1000000000",
    severityNumber: 17,
    severityText: "ERROR",
    body: { stringValue: "the line" },
    eventName: "agent_connector.decision",
  });
  const attributes = Object.fromEntries((log.attributes as { key: string; value: unknown }[]).map((a) => [a.key, a.value]));
  expect(attributes["session.id"]).toEqual({ stringValue: "s-1" });
  expect(attributes["agent_connector.seq"]).toEqual({ intValue: "7" });
  expect(attributes["agent_connector.latency_ms"]).toEqual({ doubleValue: 12.5 });
  expect(attributes["agent_connector.tool.paths"]).toEqual({ arrayValue: { values: [{ stringValue: "a.txt" }, { stringValue: "b.txt" }] } });
  expect(attributes["agent_connector.decision"]).toEqual({ stringValue: "fail-open" });
  expect(attributes["agent_connector.installed_for"]).toEqual({ stringValue: "claude-code" });
  // Absent fields are left out, not sent empty.
  expect(attributes["url.full"]).toBeUndefined();
  expect(attributes["agent_connector.reason"]).toBeUndefined();
});
