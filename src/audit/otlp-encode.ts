import { decisionOf, type AuditRecord } from "./record.ts";

/**
 * Ledger records as OTLP log records, in OTLP/JSON (the body of `POST /v1/logs`, an
 * ExportLogsServiceRequest: opentelemetry-proto, opentelemetry/proto/logs/v1/logs.proto and the
 * OTLP specification's "JSON Protobuf Encoding": lowerCamelCase field names, 64-bit integers as
 * decimal strings, enums as numbers). Written by hand rather than with OpenTelemetry's SDK:
 * docs/decisions/otlp-export.md says why.
 *
 * Attribute names follow OpenTelemetry's semantic conventions where one means the same thing
 * (`session.id`, `gen_ai.tool.name`, `url.full`, `service.*`, `host.name`, `user.name`); the rest
 * are ours, under `agent_connector.`. The log record's body is the record's line exactly as the
 * ledger holds it, so a receiver can check its seal (src/audit/chain.ts) without us.
 */

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { arrayValue: { values: AnyValue[] } };
export interface KeyValue {
  key: string;
  value: AnyValue;
}

/** SeverityNumber (logs.proto): INFO 9, WARN 13, ERROR 17. */
const INFO = 9;
const WARN = 13;
const ERROR = 17;

/** The event name each log record carries (LogRecord.event_name). */
export const EVENT_NAME = "agent_connector.decision";
/** The instrumentation scope: this program's ledger. */
export const SCOPE_NAME = "agent-connector.audit";

/** Where the records come from: one resource per request. */
export interface Origin {
  serviceVersion: string;
  hostName?: string;
  userName?: string;
}

const text = (key: string, value: string | undefined): KeyValue[] => (value === undefined || value === "" ? [] : [{ key, value: { stringValue: value } }]);
const int = (key: string, value: number | undefined): KeyValue[] => (Number.isInteger(value) ? [{ key, value: { intValue: String(value) } }] : []);
const double = (key: string, value: number | undefined): KeyValue[] =>
  typeof value === "number" && Number.isFinite(value) ? [{ key, value: { doubleValue: value } }] : [];

/** A denial, and a call that failed, stand out from the decisions that let the call through. */
function severity(record: AuditRecord): { severityNumber: number; severityText: string } {
  const decision = decisionOf(record);
  if (decision.startsWith("fail-")) return { severityNumber: ERROR, severityText: "ERROR" };
  if (record.enforced === "deny" || record.answer === "deny") return { severityNumber: WARN, severityText: "WARN" };
  return { severityNumber: INFO, severityText: "INFO" };
}

/** One record's attributes. */
export function recordAttributes(record: AuditRecord): KeyValue[] {
  const tool = record.tool ?? {};
  return [
    ...text("session.id", record.session),
    ...text("gen_ai.tool.name", tool.name),
    ...text("url.full", tool.url),
    ...int("agent_connector.seq", record.seq),
    ...text("agent_connector.hash", record.hash),
    ...text("agent_connector.prev", record.prev),
    ...text("agent_connector.host", record.host),
    ...text("agent_connector.installed_for", record.installedFor),
    ...text("agent_connector.event", record.event),
    ...text("agent_connector.connector", record.connector),
    ...text("agent_connector.tool.kind", tool.kind),
    ...text("agent_connector.tool.command", tool.command),
    ...(tool.paths?.length ? [{ key: "agent_connector.tool.paths", value: { arrayValue: { values: tool.paths.map((p) => ({ stringValue: p })) } } }] : []),
    ...text("agent_connector.decision", decisionOf(record)),
    ...text("agent_connector.answer", record.answer),
    ...text("agent_connector.enforced", record.enforced),
    ...text("agent_connector.effect", record.effect),
    ...text("agent_connector.reason", record.reason),
    ...text("agent_connector.outcome", record.outcome),
    ...double("agent_connector.latency_ms", record.latencyMs),
    ...text("agent_connector.build", record.build),
  ];
}

/** Epoch nanoseconds as OTLP/JSON writes a fixed64: a decimal string. */
const nanos = (iso: string): string => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? `${ms}000000` : "0";
};

/** One ledger line (its exact text and its record) as an OTLP LogRecord. */
export function logRecord(line: string, record: AuditRecord, observedNanos: string): Record<string, unknown> {
  return {
    timeUnixNano: nanos(record.time),
    observedTimeUnixNano: observedNanos,
    ...severity(record),
    body: { stringValue: line },
    attributes: recordAttributes(record),
    eventName: EVENT_NAME,
  };
}

/** An ExportLogsServiceRequest holding `lines` (each a ledger line and its record) in order, as JSON text. */
export function exportRequest(lines: readonly { text: string; record: AuditRecord }[], origin: Origin, now = Date.now()): string {
  const observed = `${now}000000`;
  return JSON.stringify({
    resourceLogs: [
      {
        resource: {
          attributes: [
            ...text("service.name", "agent-connector"),
            ...text("service.version", origin.serviceVersion),
            ...text("host.name", origin.hostName),
            ...text("user.name", origin.userName),
          ],
        },
        scopeLogs: [{ scope: { name: SCOPE_NAME, version: origin.serviceVersion }, logRecords: lines.map((l) => logRecord(l.text, l.record, observed)) }],
      },
    ],
  });
}
