import type { ConnectorConfig } from "../events.ts";
import { checkConnectorConfig } from "../config/read.ts";
import { hookCallSchema, targetKey, type HookCallTarget } from "../config/hook-call-schema.ts";

/** A compiled connector whose top level ran in this process: its export, and its config as checked for each hook target. */
export interface Evaluated<Version> {
  /** What identifies the compiled file it came from (its text, its stamp): another one is evaluated anew. */
  version: Version;
  raw: unknown;
  checked: Map<string, ConnectorConfig>;
}

/**
 * The compiled connectors a long-lived process evaluated, by id: a daemon's worker (run.ts) and the
 * plugin worker of a ts-plugin host (plugin-worker.ts) run a connector's top level once, and its
 * handlers on every call, for as long as its compiled file is the one they evaluated.
 */
export class EvaluatedConnectors<Version> {
  private readonly byId = new Map<string, Evaluated<Version>>();

  /** The connector as evaluated, if `current` says its file is still that one; otherwise forgotten. */
  get(id: string, current: (version: Version) => boolean): Evaluated<Version> | undefined {
    const kept = this.byId.get(id);
    if (kept && current(kept.version)) return kept;
    this.byId.delete(id);
    return undefined;
  }

  set(id: string, version: Version, raw: unknown): Evaluated<Version> {
    const entry: Evaluated<Version> = { version, raw, checked: new Map() };
    this.byId.set(id, entry);
    return entry;
  }
}

/** The config checked for this hook target once per evaluation (valibot's check of the whole config is not free). */
export function checkedFor(entry: Pick<Evaluated<unknown>, "raw" | "checked">, source: string, target: HookCallTarget): ConnectorConfig {
  const key = targetKey(target);
  let config = entry.checked.get(key);
  if (!config) {
    config = checkConnectorConfig(source, entry.raw, hookCallSchema(target));
    entry.checked.set(key, config);
  }
  return config;
}
