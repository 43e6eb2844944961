import type { Adapter } from "../adapter.ts";
import type { ConnectorConfig } from "../events.ts";
import { failClosedTargets } from "../core/on-failure.ts";
import { findAdapter } from "../../adapters/index.ts";

/** What our hook answers with a deny when a definition fails closed (src/hook/run.ts, fail-closed.ts): the same on every host. */
export const OURS_COVERS =
  "a handler that throws, exits or overruns its time budget, an invalid answer, a connector that cannot load or cannot be trusted, an unreadable payload, user code that blocks the process";

/** What fail-closed can and cannot do on one host, for explain --json and install. */
export interface FailClosedOnHost {
  /** The definitions that fail closed and reach this host. */
  definitions: string[];
  /** Failures our hook turns into the host's deny. */
  ours: string;
  /** What the host itself does when our process cannot answer at all (binary missing, crash, its own timeout); undefined: it lets the tool run. */
  host?: string;
  /** What fail-closed cannot cover here. */
  cannot?: string;
  /** The hook entry keys install writes for it, where the host has them. */
  entry?: Record<string, unknown>;
}

const binaryGone = (adapter: Adapter): string => `the binary missing or killed before it answers: ${adapter.name} then runs the tool`;

export function failClosedOn(adapter: Adapter, config: ConnectorConfig, wired: readonly { event: string }[]): FailClosedOnHost | undefined {
  const targets = failClosedTargets(config);
  const definitions = wired.map((w) => w.event).filter((event) => targets.includes(event) || targets.includes(`${adapter.id} ${event}`));
  if (!definitions.length) return undefined;
  const host = adapter.hostFailClosed;
  if (adapter.hooks.kind === "plugin-module")
    return {
      definitions,
      ours: OURS_COVERS,
      host: `the plugin module denies when its worker or the binary cannot answer`,
      cannot: "the host failing to load the module",
    };
  return {
    definitions,
    ours: OURS_COVERS,
    ...(host ? { host: host.covers, ...(host.entry ? { entry: host.entry } : {}) } : {}),
    cannot: host?.entry
      ? `a host version older than the one that reads its setting${host.events ? `; on its other events, ${binaryGone(adapter)}` : ""}`
      : binaryGone(adapter),
  };
}

/** Install's lines about fail-closed, once per install: what it covers everywhere, then what each host adds or cannot do. */
export function failClosedReport(
  config: ConnectorConfig,
  results: readonly { platform: string; status: string; wired: readonly { event: string }[] }[],
): string[] {
  const hosts = results.flatMap((r) => {
    const adapter = r.status === "error" ? undefined : findAdapter(r.platform);
    const on = adapter && failClosedOn(adapter, config, r.wired);
    return adapter && on ? [{ adapter, on }] : [];
  });
  if (!hosts.length) return [];
  return [
    `fail-closed (onFailure: "deny"): the hook denies on ${OURS_COVERS}.`,
    ...hosts.map(({ adapter, on }) => `  ${adapter.name}: ${on.host ? `${on.host}; ` : ""}not covered: ${on.cannot}.`),
  ];
}
