import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { systemFile } from "../paths.ts";
import { writeFileAtomic } from "../host-config/atomic-write.ts";
import { inlineAuthoringModule } from "./compile-connector.ts";
import { sourceProblem } from "./source-trust.ts";

/**
 * The snapshot managed hooks run. They run for every user of the machine, whose own homes hold no
 * snapshot and whose registries know nothing of the connector, so their commands name a file
 * (`--config`); that file is this one, the config as install read it with its imports bundled, in
 * a machine folder only an administrator can write and every user can read: moving, editing or
 * breaking the source changes nothing until the next install (issue 43: a managed install follows
 * no source). A JSON config is copied as it is.
 */
export const managedSnapshotPath = (id: string, configPath: string, env: Record<string, string | undefined> = process.env): string =>
  join(
    systemFile(
      {
        linux: "/etc/agent-connector/managed",
        darwin: "/Library/Application Support/agent-connector/managed",
        win32: "C:\\ProgramData\\agent-connector\\managed",
      },
      env,
    ),
    `${id}${configPath.endsWith(".json") ? ".json" : ".mjs"}`,
  );

/**
 * Writes the managed snapshot of `configPath`: its path, or why its folder cannot be trusted (another
 * user could replace what every user's hook runs; nothing is written then). Throws with the
 * bundler's words when it cannot be bundled.
 */
export async function writeManagedSnapshot(
  id: string,
  configPath: string,
  env: Record<string, string | undefined> = process.env,
): Promise<{ path: string } | { problem: string }> {
  const out = managedSnapshotPath(id, configPath, env);
  let bytes: Uint8Array;
  if (configPath.endsWith(".json")) bytes = readFileSync(configPath);
  else {
    const result = await Bun.build({
      entrypoints: [configPath],
      target: "bun",
      format: "esm",
      plugins: [{ name: "agent-connector-managed", setup: inlineAuthoringModule }],
      // Where the code thinks it is: beside its source, as in the installed snapshot (whose
      // __dirname is the source's), not in the machine folder: a handler that reads a file next to
      // its config reads the same file either way.
      define: {
        "import.meta.dir": JSON.stringify(dirname(configPath)),
        "import.meta.dirname": JSON.stringify(dirname(configPath)),
        "import.meta.path": JSON.stringify(configPath),
        "import.meta.filename": JSON.stringify(configPath),
      },
      throw: false,
    } as Bun.BuildConfig);
    const entry = result.success ? result.outputs.find((o) => o.kind === "entry-point") : undefined;
    if (!entry)
      throw new Error(
        `${configPath} cannot be bundled for managed hooks (${result.logs.map((log) => String(log.message ?? log)).join("; ") || "no output"}): every user's hook runs the bundle`,
      );
    bytes = new Uint8Array(await entry.arrayBuffer());
  }
  mkdirSync(dirname(out), { recursive: true, mode: 0o755 });
  const problem = sourceProblem(dirname(out));
  if (problem) return { problem };
  writeFileAtomic(out, bytes, { mode: 0o644 });
  return { path: out };
}

/** Removes a connector's managed snapshots (uninstall of its managed hooks). */
export function removeManagedSnapshot(id: string, env: Record<string, string | undefined> = process.env): void {
  for (const ext of [".mjs", ".json"]) rmSync(managedSnapshotPath(id, `x${ext}`, env), { force: true });
}
