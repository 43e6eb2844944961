import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The npm package `agent-connector`: `defineConnector`, EVENT_NAMES and every public type, so that
 * `npm i -D agent-connector` lets editors and tsc resolve `import … from "agent-connector"`. At
 * hook time nothing of it is needed: the binary serves the same module itself.
 */
export function writeTypesPackage(root: string, out: string, pkg: { version: string; description: string; homepage: string }): string {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const run = (argv: string[]) => {
    const proc = Bun.spawnSync(argv, { cwd: root, stdout: "pipe", stderr: "pipe" });
    if (proc.exitCode !== 0) throw new Error(`${argv.join(" ")} failed:\n${proc.stdout}${proc.stderr}`);
  };
  run([process.execPath, "build", join(root, "src", "index.ts"), "--target=node", "--format=esm", "--outfile", join(out, "index.js")]);
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const types = join(out, "types");
  run([
    process.execPath,
    tsc,
    join(root, "src", "index.ts"),
    "--declaration",
    "--emitDeclarationOnly",
    "--allowImportingTsExtensions",
    "--target",
    "esnext",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--skipLibCheck",
    "--types",
    "bun",
    "--outDir",
    types,
  ]);
  // tsc keeps the sources' `./x.ts` specifiers in declarations; published files are .d.ts/.js.
  for (const file of walk(types)) writeFileSync(file, readFileSync(file, "utf8").replace(/(from\s+"\.{1,2}\/[^"]+)\.ts"/g, '$1.js"'));
  const manifest = {
    name: "agent-connector",
    version: pkg.version,
    description: `${pkg.description} Types and defineConnector for connector configs; the agent-connector binary runs them.`,
    homepage: pkg.homepage,
    license: "MIT",
    type: "module",
    main: "./index.js",
    types: "./types/index.d.ts",
    exports: { ".": { types: "./types/index.d.ts", default: "./index.js" } },
    files: ["index.js", "types", "README.md"],
    sideEffects: false,
  };
  writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(out, "README.md"),
    `# agent-connector (types)\n\n\`npm i -D agent-connector\` gives editors and \`tsc\` the types of \`import { defineConnector } from "agent-connector"\` in an\n\`agent-connector.config.ts\`. The hooks themselves run in the agent-connector binary, which serves this module at run\ntime: install the binary as ${pkg.homepage} describes.\n`,
  );
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}
