import { isStdout } from "./stdout-guard.ts";
import { USER_FS_GLOBAL } from "../compiled/artifact.ts";
import { rewriteFsImports, USER_SOURCE_FILE } from "../compiled/fs-imports.ts";

/**
 * A source config's files load through this plugin, which points their node:fs imports at a wrapper
 * (src/compiled/fs-imports.ts) where fd 1 and /dev/stdout mean stderr and closing fd 1 does
 * nothing: a stray write cannot corrupt the reply, nor a close lose it. The real node:fs loads only
 * when a user file asks for it (it costs ~1 ms at start). Reading is synchronous (Bun.mmap) so the
 * config still loads inside the watchdog (watchdog.ts).
 */

/** The plugin that guards user code's node:fs, registered once in this process. */
const plugin = { registered: false };

const sources = new Map<string, string>();

/** A user file's text, read once: run.ts reads the connector's timeout from it before importing it. */
export function readSource(path: string): string {
  let text = sources.get(path);
  if (text === undefined) sources.set(path, (text = new TextDecoder().decode(Bun.mmap(path, { shared: false }))));
  return text;
}

export function guardUserFs(): void {
  if (plugin.registered) return;
  plugin.registered = true;
  Bun.plugin({
    name: "agent-connector-user-fs",
    setup(build) {
      build.module("agent-connector:fs", () => ({ exports: guardedFs(), loader: "object" }));
      build.module("agent-connector:fs/promises", () => ({ exports: guardedFsPromises(), loader: "object" }));
      build.onLoad({ filter: USER_SOURCE_FILE }, ({ path }) => rewriteFsImports(path, readSource(path)));
    },
  });
}

/** A compiled connector asks this global for node:fs (src/install/compile-connector.ts); it gets the guarded copy. */
export function provideGuardedFs(): void {
  let fs: Record<string, unknown> | undefined;
  let fsPromises: Record<string, unknown> | undefined;
  (globalThis as Record<symbol, unknown>)[Symbol.for(USER_FS_GLOBAL)] = (which: string) =>
    which === "fs/promises" ? (fsPromises ??= guardedFsPromises()) : (fs ??= guardedFs());
}

// fd 2, never the path /dev/stderr: that cannot be opened when stderr is a socket (Node hosts' pipes).
const target = (fdOrPath: unknown) => (isStdout(fdOrPath) ? 2 : fdOrPath);
const retarget =
  (fn: unknown) =>
  (first: unknown, ...rest: unknown[]) =>
    (fn as (...a: unknown[]) => unknown)(target(first), ...rest);

function guardedFs(): Record<string, unknown> {
  const fs = require("node:fs") as typeof import("node:fs");
  const wrapped = {
    ...fs,
    writeSync: retarget(fs.writeSync),
    write: retarget(fs.write),
    writeFileSync: retarget(fs.writeFileSync),
    writeFile: retarget(fs.writeFile),
    appendFileSync: retarget(fs.appendFileSync),
    appendFile: retarget(fs.appendFile),
    createWriteStream: (path: string, options?: { fd?: unknown }) =>
      isStdout(path) || isStdout(options?.fd) ? fs.createWriteStream("", { ...options, fd: 2 }) : fs.createWriteStream(path, options as object),
    closeSync: (fd: number) => (fd === 1 ? undefined : fs.closeSync(fd)),
    close: (fd: number, callback?: (error: Error | null) => void) => (fd === 1 ? callback?.(null) : fs.close(fd, callback)),
    promises: guardedFsPromises(),
  };
  return { ...wrapped, default: wrapped };
}

function guardedFsPromises(): Record<string, unknown> {
  const fsp = require("node:fs/promises") as typeof import("node:fs/promises");
  const wrapped = { ...fsp, writeFile: retarget(fsp.writeFile), appendFile: retarget(fsp.appendFile) };
  return { ...wrapped, default: wrapped };
}
