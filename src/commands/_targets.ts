import { resolve } from "node:path";
import type { Adapter, PathContext, Scope } from "../adapter.ts";
import type { ConnectorConfig } from "../events.ts";
import { ADAPTERS, HOST_IDS, type HostId } from "../../adapters/index.ts";
import { findConfigs } from "../config/find.ts";
import { loadConnectorConfig } from "../config/load.ts";
import { userHome } from "../paths.ts";
import { isDetected } from "../install/detect.ts";
import { UsageError } from "./_fail.ts";
import { hostsByNames } from "./_host-names.ts";

export function pathContext(projectDir: string | undefined, agent?: string): PathContext {
  if (agent !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(agent))
    throw new UsageError(`--agent must be an agent's name (letters, digits, dots, dashes, underscores), not "${agent}"`);
  return { home: userHome(), env: process.env, projectDir: resolve(projectDir ?? process.cwd()), ...(agent ? { agent } : {}) };
}

export function parseScope(value: string | undefined): Scope {
  if (value === "user" || value === "project" || value === "managed") return value;
  throw new UsageError(`--scope must be user, project or managed, not "${value}"`);
}

/** --platform a,b → adapters; none given → every host detected on this machine. */
export function selectAdapters(platform: string | undefined, paths: PathContext): Adapter<HostId>[] {
  if (!platform) {
    const detected = ADAPTERS.filter((adapter) => isDetected(adapter, paths));
    if (!detected.length) throw new UsageError(`no supported host detected on this machine; name one with --platform (${HOST_IDS.join(", ")})`);
    return detected;
  }
  return hostsByNames(platform);
}

export function configPathFrom(config: string | undefined): string {
  if (config) return resolve(config);
  const found = findConfigs(process.cwd());
  if (!found.length)
    throw new UsageError(`no agent-connector.config.{ts,mts,mjs,js,json} in ${process.cwd()}; run agent-connector init, or pass --config <path>`);
  if (found.length > 1)
    throw new UsageError(`${found.length} connector configs in ${process.cwd()}: ${found.join(", ")}; keep one, or pick one with --config <path>`);
  return found[0]!;
}

/** --config (or the config in the current directory), loaded and checked against every known host. */
export async function loadConfigArg(config: string | undefined): Promise<{ path: string; config: ConnectorConfig }> {
  const path = configPathFrom(config);
  return { path, config: await loadConnectorConfig(path, HOST_IDS) };
}
