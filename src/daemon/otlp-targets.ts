import { readFileSync, statSync } from "node:fs";
import { machineAuditFile, machineLevel, notRoots } from "../audit/machine.ts";

/**
 * Where the daemon ships the decision ledger (docs/audit.md, "Shipping to a collector"): the
 * collector OpenTelemetry's standard variables name in the daemon's environment (the environment
 * of the call or command that started it), and the one the machine-wide audit setting names. Both
 * when both are set: the administrator's collector is not the user's to turn off, nor the other
 * way round. The variables are read as the OpenTelemetry specification's "OTLP Exporter
 * Configuration" says: the logs endpoint as is, the generic one with `v1/logs` appended; the logs
 * headers over the generic ones, each `name=value` with its value percent-decoded.
 */

type Env = Record<string, string | undefined>;

export interface Target {
  /** Names the target's cursor file: a digest of its URL. */
  id: string;
  url: string;
  headers: Record<string, string>;
  /** Who named it. */
  from: "environment" | "machine";
  timeoutMs: number;
}

/** The OTLP exporters' default timeout (the specification's OTEL_EXPORTER_OTLP_TIMEOUT). */
const DEFAULT_TIMEOUT_MS = 10_000;

export const targetId = (url: string): string => new Bun.CryptoHasher("sha256").update(url).digest("hex").slice(0, 16);

/** `a=1,b=2` (values percent-encoded), as OTEL_EXPORTER_OTLP_HEADERS holds them; a pair without `=` is left out. */
export function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    let value = pair.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded after all: taken as written.
    }
    if (name) headers[name] = value;
  }
  return headers;
}

/** The generic endpoint with the logs path: `http://c:4318` → `http://c:4318/v1/logs`, `http://c/otlp/` → `http://c/otlp/v1/logs`. */
export const withLogsPath = (endpoint: string): string => `${endpoint.replace(/\/+$/, "")}/v1/logs`;

const isHttp = (url: string): boolean => /^https?:\/\/[^/]/i.test(url) && URL.canParse(url);

const timeout = (text: string | undefined): number | undefined => {
  const ms = Number(text);
  return text && Number.isInteger(ms) && ms > 0 ? ms : undefined;
};

/** The collector the environment names, none, or why it is not used. */
export function environmentTarget(env: Env): { target?: Target; problem?: string } {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true" || env.OTEL_LOGS_EXPORTER?.trim().toLowerCase() === "none") return {};
  const logs = env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT?.trim();
  const generic = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!logs && !generic) return {};
  const url = logs || withLogsPath(generic!);
  const variable = logs ? "OTEL_EXPORTER_OTLP_LOGS_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT";
  if (!isHttp(url)) return { problem: `${variable} is not an http(s) URL` };
  const protocol = (env.OTEL_EXPORTER_OTLP_LOGS_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol === "grpc") return { problem: "the OTLP protocol asked for is grpc: records are sent as OTLP/HTTP JSON only" };
  return {
    target: {
      id: targetId(url),
      url,
      headers: { ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseHeaders(env.OTEL_EXPORTER_OTLP_LOGS_HEADERS) },
      from: "environment",
      timeoutMs: timeout(env.OTEL_EXPORTER_OTLP_LOGS_TIMEOUT) ?? timeout(env.OTEL_EXPORTER_OTLP_TIMEOUT) ?? DEFAULT_TIMEOUT_MS,
    },
  };
}

/**
 * The collector the machine-wide audit setting names (src/audit/machine.ts), under the same rules
 * as its level: root's file in root's folder, writable by root only. Its `endpoint` is the base
 * URL, as OTEL_EXPORTER_OTLP_ENDPOINT, unless it already ends in `/v1/logs`.
 */
export function machineTarget(env: Env): { target?: Target; problem?: string } {
  const path = machineAuditFile(env);
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return {};
  try {
    const folder = path.slice(0, Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")));
    const problem = notRoots(path, stat) ?? notRoots(folder, statSync(folder));
    if (problem) return { problem: `the machine-wide audit setting is ignored: ${problem}` };
    const { otlp, problem: unreadable } = machineLevel(readFileSync(path, "utf8"));
    if (unreadable) return { problem: `the machine-wide audit setting is ignored: ${unreadable}` };
    if (!otlp) return {};
    const url = /\/v1\/logs\/?$/.test(otlp.endpoint) ? otlp.endpoint : withLogsPath(otlp.endpoint);
    return { target: { id: targetId(url), url, headers: otlp.headers ?? {}, from: "machine", timeoutMs: DEFAULT_TIMEOUT_MS } };
  } catch (error) {
    return { problem: `the machine-wide audit setting cannot be read: ${(error as Error).message}` };
  }
}

/** Every collector named, the machine's first; one URL named twice is one target (the machine's). */
export function shippingTargets(env: Env): { targets: Target[]; problems: string[] } {
  const found = [machineTarget(env), environmentTarget(env)];
  const targets: Target[] = [];
  for (const { target } of found) if (target && !targets.some((t) => t.url === target.url)) targets.push(target);
  return { targets, problems: found.flatMap((f) => (f.problem ? [f.problem] : [])) };
}

/** A URL as shown to people: without a user or password it may carry. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return url;
  }
}
