import { existsSync } from "node:fs";
import type { Adapter, PathContext, Scope } from "../adapter.ts";
import { deliveredFile } from "./deliveries.ts";

/**
 * A host that reads its project's hook file instead of the user's (`projectFirst`): a user-scope
 * install is hidden in a project that has its own file. Checked for the project install targets.
 */
export function hiddenUserFile(adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): string | undefined {
  if (scope !== "user" || adapter.hooks.kind !== "hook-file" || !adapter.hooks.file.projectFirst) return undefined;
  const project = deliveredFile(adapter, "project", paths, connectorId);
  if (!project || !existsSync(project)) return undefined;
  return `${adapter.name} reads ${project} instead of the user file in ${paths.projectDir}: these user-scope hooks do not run there (install with --scope project there too).`;
}
