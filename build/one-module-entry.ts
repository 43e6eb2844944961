/**
 * Keeps the hook's entry one module. Every hook call evaluates the entry chunk, and each chunk it
 * imports statically is one more module for the runtime to find, read and link before the first
 * line runs. Bun's splitting puts the code the entry shares with the rest of the CLI (the daemon's
 * socket names, the wire protocol) into shared chunks the entry then imports. This plugin gives
 * the entry its own copy of everything it imports statically, so only the entry uses it and the
 * splitter leaves it in the entry. What it imports dynamically is untouched.
 */
import { dirname } from "node:path";

const NAMESPACE = "entry-copy";
/** Bun keys a module by its path alone: a copy needs a path of its own, not only a namespace. */
const SUFFIX = "?entry-copy";

const original = (path: string) => (path.endsWith(SUFFIX) ? path.slice(0, -SUFFIX.length) : path);

/** Resolves the entry's static imports (and theirs) to copies only the entry sees. */
export function oneModuleEntry(entry: string): Bun.BunPlugin {
  const toCopy = ({ path, importer, kind }: Bun.OnResolveArgs) => {
    if (kind !== "import-statement" || !path.startsWith(".")) return undefined;
    return { path: `${Bun.resolveSync(path, dirname(original(importer)))}${SUFFIX}`, namespace: NAMESPACE };
  };
  return {
    name: "one-module-entry",
    setup(build) {
      // Bun reports the copies' own imports in the "file" namespace: told apart by their importer.
      build.onResolve({ filter: /.*/ }, (args) => (args.importer === entry || args.importer.endsWith(SUFFIX) ? toCopy(args) : undefined));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path }) => ({ contents: await Bun.file(original(path)).text(), loader: "ts" }));
    },
  };
}
