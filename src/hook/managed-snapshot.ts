import { parseCompiled, SNAPSHOT_SUFFIX, type CompiledMeta } from "../compiled/artifact.ts";

/**
 * A managed hook command names its connector's snapshot with `--config` (the system copy that
 * install --scope managed made, src/install/managed/deploy.ts): no user's registry or compiled
 * folder knows it. Read here as the compiled file it is; undefined for any other path (a config
 * source), or when it is no snapshot, and then the call loads `--config` as a source.
 */
export async function readManagedSnapshot(path: string): Promise<{ meta: CompiledMeta; body: string } | undefined> {
  if (!path.endsWith(SNAPSHOT_SUFFIX)) return undefined;
  let text: string;
  try {
    text = await Bun.file(path).text();
  } catch {
    return undefined;
  }
  const parsed = parseCompiled(text);
  return parsed && parsed.meta.kind !== "source" ? parsed : undefined;
}
