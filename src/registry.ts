import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { connectorHome } from "./home.ts";

export interface InstallRecord {
  platform: string;
  scope: string;
  file: string;
}

export interface RegistryEntry {
  config: string;
  installs: InstallRecord[];
}

export type Registry = Record<string, RegistryEntry>;

export const registryPath = (env = process.env): string => join(connectorHome(env), "registry.json");

/** Connector id → absolute config path. Read on every hook call, so kept to one small JSON file. */
export function readRegistry(env = process.env): Registry {
  const path = registryPath(env);
  if (!existsSync(path)) return {};
  const parsed = JSON.parse(readFileSync(path, "utf8")) as { connectors?: Registry };
  return parsed.connectors ?? {};
}

export function writeRegistry(registry: Registry, env = process.env): void {
  const path = registryPath(env);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ version: 1, connectors: registry }, null, 2)}\n`);
  renameSync(tmp, path);
}
