import { connectorHome } from "../home.ts";
import { join } from "../paths.ts";

/**
 * A connector as `install` compiled it: its config and every module it imports, bundled into one
 * file under $AGENT_CONNECTOR_HOME/compiled/, so a hook call reads one file and evaluates it
 * instead of resolving, transpiling and importing the source (src/install/compile-connector.ts
 * writes it, src/hook/load-compiled.ts runs it). The first line says what it was made from; a hook
 * call uses it only while every one of those files is unchanged, and loads the source otherwise.
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
  /** Files whose change makes it stale: [path, lastModified ms, size]. */
  inputs: [string, number, number][];
  /** The connector's own `timeout`, known before any of its code runs. */
  timeout?: number;
  /** The bundle names `process` (so process.stdout must be claimed before it runs). */
  touchesProcess?: boolean;
  /** A large bundle is also kept as bytecode: the CommonJS file (with its .jsc beside it) to require instead. */
  bytecode?: string;
}

/** The global a compiled bundle asks for node:fs and node:fs/promises (the hook hands it a guarded copy). */
export const USER_FS_GLOBAL = "agent-connector.fs";

const HEADER = "//agent-connector:compiled ";

export const compiledDir = (env: Record<string, string | undefined> = process.env): string => join(connectorHome(env), "compiled");

/** Where a connector's compiled file lives: known from its id alone, so a hook call needs no registry read to find it. */
export const compiledPath = (id: string, env: Record<string, string | undefined> = process.env): string => join(compiledDir(env), `${id}.js`);

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

/** One input's stamp as install records it and a hook call checks it (Bun's own stat: no node:fs on the hook path). */
export function stamp(path: string): [string, number, number] {
  const file = Bun.file(path);
  return [path, file.lastModified, file.size];
}

/** The inputs that changed (or vanished) since the file was compiled; `stampOf` for a runtime without Bun (the plugin worker under Node). */
export const changedInputs = (meta: CompiledMeta, stampOf: (path: string) => [string, number, number] = stamp): string[] =>
  meta.inputs.filter(([path, modified, size]) => {
    const [, nowModified, nowSize] = stampOf(path);
    return nowModified !== modified || nowSize !== size;
  }).map(([path]) => path);
