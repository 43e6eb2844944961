import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { registryPath } from "../home.ts";
import type { Registry } from "./types.ts";

/** Install-time only: the hook path reads the registry (read.ts) and never loads node:fs. */
export function writeRegistry(registry: Registry, env: Record<string, string | undefined> = process.env): void {
  const path = registryPath(env);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ version: 1, connectors: registry }, null, 2)}\n`);
  renameSync(tmp, path);
}
