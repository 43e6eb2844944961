import { describe, expect, test } from "bun:test";
import { environmentTarget, parseHeaders, shownUrl, withLogsPath } from "./otlp-targets.ts";

describe("the collector OpenTelemetry's variables name", () => {
  test("the logs endpoint is used as it is; the generic one gets v1/logs", () => {
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" }).target?.url).toBe("http://c:4318/v1/logs");
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/otlp/" }).target?.url).toBe("http://c:4318/otlp/v1/logs");
    expect(
      environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "https://logs.example/ingest" }).target?.url,
    ).toBe("https://logs.example/ingest");
    expect(withLogsPath("http://c")).toBe("http://c/v1/logs");
  });

  test("headers: name=value pairs, values percent-decoded, the logs ones over the generic ones", () => {
    expect(parseHeaders("a=1, Authorization=Bearer%20x%3Dy ,broken,=no")).toEqual({ a: "1", Authorization: "Bearer x=y" });
    const { target } = environmentTarget({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://c",
      OTEL_EXPORTER_OTLP_HEADERS: "a=generic,b=generic",
      OTEL_EXPORTER_OTLP_LOGS_HEADERS: "a=logs",
    });
    expect(target?.headers).toEqual({ a: "logs", b: "generic" });
  });

  test("timeouts, and what turns the environment's collector off or makes it unusable", () => {
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c" }).target?.timeoutMs).toBe(10_000);
    expect(
      environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_EXPORTER_OTLP_TIMEOUT: "500", OTEL_EXPORTER_OTLP_LOGS_TIMEOUT: "700" }).target
        ?.timeoutMs,
    ).toBe(700);
    expect(environmentTarget({})).toEqual({});
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_SDK_DISABLED: "true" })).toEqual({});
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_LOGS_EXPORTER: "none" })).toEqual({});
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "c:4318" }).problem).toBe("OTEL_EXPORTER_OTLP_ENDPOINT is not an http(s) URL");
    expect(environmentTarget({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }).problem).toContain("grpc");
  });

  test("a URL is shown without its user or password", () => {
    expect(shownUrl("https://me:secret@c.example/v1/logs")).toBe("https://c.example/v1/logs");
  });
});
