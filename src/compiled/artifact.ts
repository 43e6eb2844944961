import { connectorHome } from "../home.ts";
import { join } from "../paths.ts";

/**
 * A connector as `install` compiled it: its config and every module it imports, bundled into one
 * file under $AGENT_CONNECTOR_HOME/compiled/, so a hook call reads one file and evaluates it
 * instead of resolving, transpiling and importing the source (src/install/compile-connector.ts
 * writes it, src/hook/load-compiled.ts runs it). It is also the installed snapshot: the guard that
 * keeps answering when its source moves or breaks. The first line says what it was made from; while
 * one of those files has changed, a hook call tries the source, and answers from the snapshot when
 * the source no longer loads (docs/connector.md#guards-you-can-rely-on).
 */
export interface CompiledMeta {
  v: 1;
  id: string;
  /** The connector config it was made from. */
  source: string;
  /**
   * `json`: the body is the config's JSON; `script`: a CommonJS function `(exports, require, module,
   * __filename, __dirname)`; `source`: the config could not be compiled (`reason`), hook calls load
   * the source (the file is kept so that they do not try again until it changes).
   */
  kind: "json" | "script" | "source";
  reason?: string;
  /** Files whose change makes it stale, each with its stamp when it was compiled. */
  inputs: Stamp[];
  /** The connector's own `timeout`, known before any of its code runs. */
  timeout?: number;
  /** The bundle names `process` (so process.stdout must be claimed before it runs). */
  touchesProcess?: boolean;
  /** A large bundle is also kept as bytecode: the CommonJS file (with its .jsc beside it) to require instead. */
  bytecode?: string;
  /** When this snapshot was made (ISO time): what status names when the source has moved on or broken. */
  at?: string;
  /** Installed with --frozen (or at managed scope): the source is never followed; only the next install changes it. */
  frozen?: true;
  /** The definitions that fail closed (src/core/on-failure.ts keys): known before any of the connector's code runs. */
  failClosed?: string[];
  /**
   * The source as it is now (the stamps in `inputs`) does not load, build or validate: this is why,
   * and the body is the last good snapshot, which keeps answering (src/commands/compile.ts).
   */
  sourceProblem?: string;
}

/** The global a compiled bundle asks for node:fs and node:fs/promises (the hook hands it a guarded copy). */
export const USER_FS_GLOBAL = "agent-connector.fs";

const HEADER = "//agent-connector:compiled ";

export const compiledDir = (env: Record<string, string | undefined> = process.env): string => join(connectorHome(env), "compiled");

/** Where a connector's compiled file lives: known from its id alone, so a hook call needs no registry read to find it. */
export const compiledPath = (id: string, env: Record<string, string | undefined> = process.env): string => join(compiledDir(env), `${id}.js`);

/**
 * How a managed install's system copy of a snapshot ends (src/install/managed/layout.ts): a managed
 * hook command names it with `--config`, and the hook reads it as a snapshot, not as a source.
 */
export const SNAPSHOT_SUFFIX = ".snapshot.js";

export const renderCompiled = (meta: CompiledMeta, body: string): string => `${HEADER}${JSON.stringify(meta)}\n${body}`;

export function parseCompiled(text: string): { meta: CompiledMeta; body: string } | undefined {
  if (!text.startsWith(HEADER)) return undefined;
  const end = text.indexOf("\n");
  if (end < 0) return undefined;
  try {
    const meta = JSON.parse(text.slice(HEADER.length, end)) as CompiledMeta;
    if (meta?.v !== 1 || typeof meta.source !== "string" || !Array.isArray(meta.inputs)) return undefined;
    return { meta, body: text.slice(end + 1) };
  } catch {
    return undefined;
  }
}

/**
 * What says a file is unchanged: its modification time and size, as before, and its change time
 * and inode. A file rewritten with its old size and modification time put back (`cp -p` of a copy
 * made with `touch -r`, an edit then `touch -r`, some sync tools) keeps the first two, but setting
 * a file's times sets its change time to now, which nothing but the clock can set, and a file put
 * in place by a rename has another inode. Whole milliseconds; a vanished file is all zeros.
 * A stamp of three fields (compiled by an older version) never matches: compiled again once.
 */
export type Stamp = [path: string, modified: number, size: number, changed: number, inode: number];

export const sameStamp = (then: readonly unknown[], now: Stamp): boolean =>
  then.length === 5 && then[1] === now[1] && then[2] === now[2] && then[3] === now[3] && then[4] === now[4];

/** A stamp from a stat (node:fs's or Bun's: the same fields). */
export const stampOf = (path: string, stat: { mtimeMs: number; size: number; ctimeMs: number; ino: number } | undefined): Stamp =>
  stat ? [path, Math.floor(stat.mtimeMs), stat.size, Math.floor(stat.ctimeMs), stat.ino] : [path, 0, 0, 0, 0];

/**
 * A stamp with Bun's own stat, for a hook call in a process of its own (no node:fs on the hook
 * path; src/compiled/node-stamp.ts has the one for processes that have node:fs loaded).
 */
export const bunStamp = (path: string): Promise<Stamp> =>
  Bun.file(path)
    .stat()
    .then(
      (stat) => stampOf(path, stat),
      () => stampOf(path, undefined),
    );

/** The inputs that changed (or vanished) since the file was compiled; none for a frozen snapshot, which follows no source. */
export const changedInputs = (meta: CompiledMeta, stamper: (path: string) => Stamp): string[] =>
  meta.frozen ? [] : meta.inputs.filter((input) => !sameStamp(input, stamper(input[0]))).map(([path]) => path);

/** changedInputs with a stamp that is awaited (bunStamp): one input after another. */
export async function changedInputsAsync(meta: CompiledMeta, stamper: (path: string) => Promise<Stamp>): Promise<string[]> {
  const changed: string[] = [];
  if (meta.frozen) return changed;
  for (const input of meta.inputs) if (!sameStamp(input, await stamper(input[0]))) changed.push(input[0]);
  return changed;
}
