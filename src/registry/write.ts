import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { registryPath } from "../home.ts";
import { writeFileAtomic } from "../host-config/atomic-write.ts";
import type { Registry } from "./types.ts";

/** Install-time only (under the install lock): the hook path reads the registry (read.ts) and never loads node:fs. */
export function writeRegistry(registry: Registry, env: Record<string, string | undefined> = process.env): void {
  const path = registryPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileAtomic(path, new TextEncoder().encode(`${JSON.stringify({ version: 1, connectors: registry }, null, 2)}\n`), { mode: 0o600 });
}
