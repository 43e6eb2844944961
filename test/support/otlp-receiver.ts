import * as v from "valibot";

/**
 * A tiny OTLP/HTTP logs receiver for the tests: it decodes each `POST <path>` as an
 * ExportLogsServiceRequest in OTLP/JSON and keeps the batches it acknowledged. The shape is checked
 * with valibot against the field names of opentelemetry-proto (opentelemetry/proto/collector/logs/v1,
 * logs/v1/logs.proto, common/v1/common.proto, resource/v1/resource.proto) in their JSON mapping
 * (lowerCamelCase; 64-bit integers as decimal strings): an unknown or misspelled field fails the
 * request with 400, as a strict decoder would. It can be down (nothing listens on its port),
 * refuse (answer a status of the test's choosing), or hold requests unanswered (a slow collector).
 */

const anyValue: v.GenericSchema<unknown> = v.union([
  v.strictObject({ stringValue: v.string() }),
  v.strictObject({ intValue: v.pipe(v.string(), v.regex(/^-?\d+$/)) }),
  v.strictObject({ doubleValue: v.number() }),
  v.strictObject({ boolValue: v.boolean() }),
  v.strictObject({ arrayValue: v.strictObject({ values: v.array(v.lazy(() => anyValue)) }) }),
]);
const keyValue = v.strictObject({ key: v.string(), value: anyValue });
const nanos = v.pipe(v.string(), v.regex(/^\d+$/));

const logRecord = v.strictObject({
  timeUnixNano: nanos,
  observedTimeUnixNano: nanos,
  severityNumber: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)),
  severityText: v.optional(v.string()),
  body: anyValue,
  attributes: v.array(keyValue),
  eventName: v.optional(v.string()),
});
export type LogRecord = v.InferOutput<typeof logRecord>;

export const exportLogsServiceRequest = v.strictObject({
  resourceLogs: v.array(
    v.strictObject({
      resource: v.strictObject({ attributes: v.array(keyValue) }),
      scopeLogs: v.array(
        v.strictObject({
          scope: v.strictObject({ name: v.string(), version: v.optional(v.string()) }),
          logRecords: v.array(logRecord),
        }),
      ),
    }),
  ),
});

/** An attribute's value as plain JSON (string, number, array). */
export function attributeValue(attributes: readonly { key: string; value: unknown }[], key: string): unknown {
  const plain = (value: unknown): unknown => {
    const any = value as Record<string, unknown>;
    if ("stringValue" in any) return any.stringValue;
    if ("intValue" in any) return Number(any.intValue);
    if ("doubleValue" in any) return any.doubleValue;
    if ("boolValue" in any) return any.boolValue;
    return (any.arrayValue as { values: unknown[] }).values.map(plain);
  };
  const found = attributes.find((a) => a.key === key);
  return found && plain(found.value);
}

export interface Receiver {
  port: number;
  url: string;
  /** Batches answered 2xx, in the order they were answered: their log records, and the resource's attributes. */
  accepted: { records: LogRecord[]; resource: { key: string; value: unknown }[]; headers: Record<string, string> }[];
  /** Every request that came in, answered or not. */
  requests: number;
  /** Requests held unanswered now. */
  held(): number;
  /** The record bodies of every accepted batch, in order: the ledger lines as shipped. */
  bodies(): string[];
  up(): void;
  down(): void;
  /** Answer each request with this status (200 back to normal). */
  answer(status: number): void;
  /** Hold each request unanswered (true), or answer again (false: the held ones are dropped, never answered). */
  hold(on: boolean): void;
}

export function otlpReceiver(path = "/v1/logs"): Receiver {
  let server: ReturnType<typeof Bun.serve> | undefined;
  let status = 200;
  let holding = false;
  const parked: (() => void)[] = [];
  const receiver: Receiver = {
    port: 0,
    url: "",
    accepted: [],
    requests: 0,
    held: () => parked.length,
    bodies: () => receiver.accepted.flatMap((batch) => batch.records.map((r) => (r.body as { stringValue: string }).stringValue)),
    up() {
      server = Bun.serve({
        hostname: "127.0.0.1",
        port: receiver.port,
        // A held request stays open as long as the test wants (Bun closes idle connections after 10 s by default).
        idleTimeout: 0,
        async fetch(request) {
          receiver.requests++;
          if (holding) return new Promise<Response>((_, reject) => void parked.push(() => reject(new Error("dropped"))));
          if (new URL(request.url).pathname !== path || request.method !== "POST") return new Response("not here", { status: 404 });
          if (request.headers.get("content-type") !== "application/json") return new Response("not JSON", { status: 415 });
          const decoded = v.safeParse(exportLogsServiceRequest, await request.json().catch(() => undefined));
          if (!decoded.success) return new Response(JSON.stringify(v.flatten(decoded.issues)), { status: 400 });
          if (status !== 200) return new Response("refused", { status });
          for (const resourceLogs of decoded.output.resourceLogs)
            receiver.accepted.push({
              records: resourceLogs.scopeLogs.flatMap((s) => s.logRecords),
              resource: resourceLogs.resource.attributes,
              headers: Object.fromEntries(request.headers),
            });
          return Response.json({});
        },
      });
      receiver.port = server.port!;
      receiver.url = `http://127.0.0.1:${receiver.port}`;
    },
    down() {
      server?.stop(true);
      server = undefined;
    },
    answer(code) {
      status = code;
    },
    hold(on) {
      holding = on;
      if (!on) for (const drop of parked.splice(0)) drop();
    },
  };
  return receiver;
}
