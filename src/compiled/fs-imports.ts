/**
 * node:fs reaches fd 1 below anything the hook's stdout guard can swap, and Bun lets no plugin
 * replace a built-in module. So user files are rewritten as they load (at run time by the hook's
 * plugin, src/hook/user-fs.ts; when compiled, by install's bundler, src/install/compile-connector.ts):
 * their `node:fs` / `fs` (and `/promises`) imports and requires point at `agent-connector:fs`,
 * the hook's guarded copy.
 */
const FS_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(["'])(?:node:)?fs(\/promises)?\2/g;

const LOADERS: Record<string, "ts" | "tsx" | "js" | "jsx"> = { ts: "ts", mts: "ts", cts: "ts", tsx: "tsx", js: "js", mjs: "js", cjs: "js", jsx: "jsx" };

/** Matches the files rewriteFsImports handles. */
export const USER_SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

export const rewriteFsImports = (path: string, text: string) => ({
  contents: text.replace(FS_IMPORT, "$1$2agent-connector:fs$3$2"),
  loader: LOADERS[path.slice(path.lastIndexOf(".") + 1)] ?? "js",
});
