import { bunStamp, changedInputs, changedInputsAsync, compiledPath, parseCompiled, sameStamp, type CompiledMeta, type Stamp } from "../compiled/artifact.ts";
import { provideGuardedFs } from "./user-fs.ts";
import { claimProcessStdout } from "./stdout-guard.ts";
import { runUntil, type Guarded } from "./watchdog.ts";

/** What a hook call finds at a connector's compiled path (src/compiled/artifact.ts). */
export type Compiled =
  /** No compiled file (installed by an older version, or removed): the registry says where the source is. */
  | { kind: "missing" }
  /** Made from files that have changed since: the source is tried first, the snapshot answers if it no longer loads. */
  | { kind: "stale"; meta: CompiledMeta; body: string; changed: string[] }
  | { kind: "ready"; meta: CompiledMeta; body: string };

/**
 * How this process reads compiled files, and what it read before: set by readCompiledWith (a
 * daemon's worker with node:fs, a call of its own with glibc's calls; otherwise Bun's file reader
 * and stat, awaited). `ahead` and `lastRead` live across a worker's calls (below).
 */
const reads: {
  readNow: ((path: string) => string) | undefined;
  stampNow: ((path: string) => Stamp) | undefined;
  ahead: { path: string; compiled: Compiled } | undefined;
  lastRead: { file: Stamp; parsed: ReturnType<typeof parsedFrom> } | undefined;
} = { readNow: undefined, stampNow: undefined, ahead: undefined, lastRead: undefined };

/**
 * A daemon's worker reads compiled files synchronously (Bun's async read is a trip through its
 * thread pool on every call) and stamps their inputs with one stat each (src/compiled/node-stamp.ts).
 */
export const readCompiledWith = (read: (path: string) => string, stamper: (path: string) => Stamp): void => {
  reads.readNow = read;
  reads.stampNow = stamper;
};

// reads.ahead: what readCompiledAhead found, for the call whose connection it was read for; its path says for which connector.

/**
 * A daemon's worker reads (and checks the inputs of) the compiled file of the connector it served
 * last as soon as a connection arrives: the call's words come a few tenths of a millisecond later
 * (the client is still sending them), and most calls are for the same connector. The next
 * readCompiled uses it if it asks for the same file, and only that one: it was read after the
 * host started the call, so it is as fresh as a read made then.
 */
export function readCompiledAhead(id: string, env: Record<string, string | undefined>): void {
  reads.ahead = undefined;
  if (!reads.readNow || !reads.stampNow) return;
  try {
    const path = compiledPath(id, env);
    const parsed = parsedNow(id, path, reads.readNow, reads.stampNow);
    reads.ahead = { path, compiled: parsed ? checked(parsed, changedInputs(parsed.meta, reads.stampNow)) : { kind: "missing" } };
  } catch {
    // No such file, or an input that cannot be looked at: the call reads it again, and fails open if it must.
  }
}

export async function readCompiled(id: string, env: Record<string, string | undefined>): Promise<Compiled> {
  const path = compiledPath(id, env);
  const early = reads.ahead;
  reads.ahead = undefined;
  if (early?.path === path) return early.compiled;
  let parsed: ReturnType<typeof parsedFrom>;
  try {
    parsed = reads.readNow && reads.stampNow ? parsedNow(id, path, reads.readNow, reads.stampNow) : parsedFrom(id, await Bun.file(path).text());
  } catch {
    return { kind: "missing" };
  }
  if (!parsed) return { kind: "missing" };
  return checked(parsed, reads.stampNow ? changedInputs(parsed.meta, reads.stampNow) : await changedInputsAsync(parsed.meta, bunStamp));
}

// reads.lastRead: the compiled file a daemon's worker read last, known by its stamp: written only by a rename (install), so a new one has another inode.

/** The compiled file at `path`, read again only when its stamp changed. */
function parsedNow(id: string, path: string, read: (path: string) => string, stamp: (path: string) => Stamp): ReturnType<typeof parsedFrom> {
  const file = stamp(path);
  if (reads.lastRead && reads.lastRead.file[0] === path && sameStamp(reads.lastRead.file, file)) return reads.lastRead.parsed;
  const parsed = parsedFrom(id, read(path));
  reads.lastRead = file[4] ? { file, parsed } : undefined;
  return parsed;
}

function parsedFrom(id: string, text: string): { meta: CompiledMeta; body: string } | undefined {
  const parsed = parseCompiled(text);
  return parsed?.meta.id === id ? parsed : undefined;
}

const checked = (parsed: { meta: CompiledMeta; body: string }, changed: string[]): Compiled =>
  changed.length ? { kind: "stale", ...parsed, changed } : { kind: "ready", ...parsed };

const dirOf = (path: string): string => path.slice(0, Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")));

/**
 * Runs a compiled script connector's top level under the watchdog (it is user code from its first
 * line) and returns its exports. A large one is required as bytecode; a small one is evaluated
 * from its text, which skips the module loader (the cheaper of the two below ~64 KB).
 */
export function evaluateCompiled(meta: CompiledMeta, body: string, deadline: number): Guarded<Record<string, unknown>> {
  provideGuardedFs();
  if (meta.touchesProcess) claimProcessStdout();
  return runUntil(() => {
    if (meta.bytecode) {
      // Recompiled since a daemon's worker required it: the same path, new bytes.
      delete require.cache[meta.bytecode];
      return require(meta.bytecode) as Record<string, unknown>;
    }
    // biome-ignore lint/security/noGlobalEval: the compiled connector is the user's own code, run as a process of its own would import it (an indirect eval: global scope).
    const factory = (0, eval)(`${body}\n//# sourceURL=${meta.source}`) as (...args: unknown[]) => void;
    const module = { exports: {} as Record<string, unknown> };
    factory.call(module.exports, module.exports, require, module, meta.source, dirOf(meta.source));
    return module.exports;
  }, deadline);
}
