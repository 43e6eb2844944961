import { readFileSync } from "node:fs";
import { changedInputs, compiledPath, parseCompiled, type CompiledMeta } from "../compiled/artifact.ts";
import { nodeStamp } from "../compiled/node-stamp.ts";

/**
 * What answers a connector's hook calls, from its installed snapshot (src/compiled/artifact.ts):
 * `ok: false` when the guard runs something other than its source says, or nothing at all; status
 * and doctor print it on every install of the connector. `kept`: the source cannot be used and the
 * last good snapshot answers (status calls that state `source-broken`, not drift: the guard holds). `sourceError`: the config check's own
 * failure, when it has one (the source does not load now).
 */
export function snapshotCheck(id: string, sourceError: string | undefined): { ok: boolean; detail: string; kept?: true } {
  const meta = snapshotMeta(id);
  if (!meta)
    return sourceError
      ? { ok: false, detail: `no installed snapshot: hook calls follow the source, which does not load: they fail (install again once it loads)` }
      : { ok: false, detail: "no installed snapshot: hook calls load the source on each call; install again to make one" };
  const made = meta.at ? ` made ${meta.at}` : "";
  if (meta.kind === "source")
    return sourceError
      ? { ok: false, detail: `${meta.source} cannot be snapshotted (${meta.reason}) and does not load: hook calls fail` }
      : { ok: true, detail: `${meta.source} cannot be snapshotted (${meta.reason}): hook calls load it on each call and fail if it moves or breaks` };
  if (meta.frozen) {
    const changed = changedInputs({ ...meta, frozen: undefined }, nodeStamp).length > 0;
    return {
      ok: true,
      detail: `frozen: hook calls run the snapshot${made}${changed ? `; ${meta.source} changed since and is not followed (install again to use it)` : ""}`,
    };
  }
  const problem = sourceError ?? (changedInputs(meta, nodeStamp).length ? undefined : meta.sourceProblem);
  if (problem) return { ok: false, kept: true, detail: `hook calls answer from the snapshot${made}: ${meta.source} cannot be used: ${problem}` };
  return { ok: true, detail: `hook calls run the snapshot${made}` };
}

function snapshotMeta(id: string): CompiledMeta | undefined {
  try {
    const parsed = parseCompiled(readFileSync(compiledPath(id), "utf8"));
    return parsed?.meta.id === id ? parsed.meta : undefined;
  } catch {
    return undefined;
  }
}
