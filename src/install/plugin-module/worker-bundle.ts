import { join } from "node:path";

/**
 * The plugin worker (src/hook/plugin-worker.ts) bundled to one CommonJS script for Node and Bun
 * alike. A Bun macro: imported `with { type: "macro" }` (runtime.ts), it runs when the binary is
 * built and the script is inlined as a string, so install can write it without our sources.
 * The hook's code is bundled here, not imported: install and the hook path stay apart.
 */
export function pluginWorkerScript(): string {
  // The CLI, not Bun.build: a macro runs while the bundler waits for it (Bun refuses the nesting).
  const entry = join(import.meta.dir, "..", "..", "hook", "plugin-worker.ts");
  // Names kept: a handler's stack trace in the hook log should still read like code.
  const build = Bun.spawnSync([process.execPath, "build", entry, "--target=node", "--format=cjs", "--minify-whitespace", "--minify-syntax"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(`the plugin worker does not bundle: ${build.stderr.toString()}`);
  return build.stdout.toString();
}
