import { resolve } from "node:path";
import type { Adapter, PathContext, Scope } from "../adapter.ts";
import { ADAPTERS, ADAPTER_IDS, findAdapter } from "../../adapters/index.ts";
import { findConfig } from "../config/find.ts";
import { userHome } from "../paths.ts";
import { isDetected } from "../install/detect.ts";
import { UsageError } from "./_fail.ts";

export function pathContext(projectDir: string | undefined): PathContext {
  return { home: userHome(), env: process.env, projectDir: resolve(projectDir ?? process.cwd()) };
}

export function parseScope(value: string | undefined): Scope {
  if (value === "user" || value === "project") return value;
  throw new UsageError(`--scope must be user or project, not "${value}"`);
}

/** --platform a,b → adapters; none given → every host detected on this machine. */
export function selectAdapters(platform: string | undefined, paths: PathContext): Adapter[] {
  if (!platform) {
    const detected = ADAPTERS.filter((adapter) => isDetected(adapter, paths));
    if (!detected.length) throw new UsageError(`no supported host detected on this machine; name one with --platform (${ADAPTER_IDS.join(", ")})`);
    return detected;
  }
  return platform.split(",").map((id) => {
    const adapter = findAdapter(id.trim());
    if (!adapter) throw new UsageError(`unknown platform "${id}"; known: ${ADAPTER_IDS.join(", ")}`);
    return adapter;
  });
}

export function configPathFrom(config: string | undefined): string {
  if (config) return resolve(config);
  const found = findConfig(process.cwd());
  if (!found) throw new UsageError(`no agent-connector.config.{ts,mts,mjs,js,json} in ${process.cwd()}; pass --config <path>`);
  return found;
}
