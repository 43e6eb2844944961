/**
 * Runs the compiled binary the way a host does: stdin in, stdout / stderr / exit code out, under
 * a temporary HOME. `npm test` builds dist/agent-connector first. Importing this file needs no
 * build (the static tests in test/static/ read the host records, which use it): running the binary does.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { tempDir } from "./temp.ts";
import { EVENT_NAMES } from "../../src/events.ts";
import { HOST_IDS, loadAdapter } from "../../adapters/hosts.ts";

export const REPO = join(import.meta.dir, "..", "..");
export const BIN = process.env.AGENT_CONNECTOR_TEST_BIN ?? join(REPO, "dist", "agent-connector");

/** BIN, once it is known to be there: a test that runs the binary without a build fails saying what to do. */
export function builtBinary(): string {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`bun run build\` (npm test does it)`);
  return BIN;
}

/** Hosts that hand a hook its payload in environment variables (Mux): their payloads are maps of variables. */
const ENV_INPUT_HOSTS = new Set<string>((await Promise.all(HOST_IDS.map(loadAdapter))).flatMap((a) => (a?.input?.kind === "env" ? [a.id] : [])));

export interface Result {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
  /** Writes a file under the sandbox (path relative to root unless absolute); returns its path. */
  write(path: string, text: string): string;
  read(path: string): string;
  exists(path: string): boolean;
  /** Runs `agent-connector <args>` with this sandbox's HOME. */
  cli(args: string[], options?: { stdin?: string; cwd?: string; env?: Record<string, string> }): Result;
  /**
   * Runs `agent-connector hook <platform> <event> ...` with a JSON (or raw string) payload on stdin,
   * or, for a host that passes it in environment variables, with the payload's keys as variables.
   */
  hook(
    platform: string,
    event: string,
    payload: unknown,
    options?: { connector?: string; config?: string; native?: boolean; env?: Record<string, string> },
  ): Result;
}

export function sandbox(): Sandbox {
  const root = tempDir("ac-test-");
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    AGENT_CONNECTOR_HOME: join(home, ".agent-connector"),
    // One daemon per sandbox would be hundreds of processes: tests that mean it turn it on (test/daemon.test.ts, LOADS.daemon).
    AGENT_CONNECTOR_DAEMON: "0",
  };
  const abs = (path: string) => (path.startsWith("/") ? path : join(root, path));
  const run = (args: string[], options: { stdin?: string; cwd?: string; env?: Record<string, string> } = {}): Result => {
    const proc = Bun.spawnSync([builtBinary(), ...args], {
      cwd: options.cwd ?? project,
      env: { ...env, ...options.env },
      stdin: options.stdin === undefined ? "ignore" : Buffer.from(options.stdin),
      stdout: "pipe",
      stderr: "pipe",
    });
    return { stdout: proc.stdout.toString(), stderr: proc.stderr.toString(), exitCode: proc.exitCode ?? -1 };
  };
  return {
    root,
    home,
    project,
    env,
    write(path, text) {
      const file = abs(path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    read: (path) => readFileSync(abs(path), "utf8"),
    exists: (path) => existsSync(abs(path)),
    cli: run,
    hook(platform, event, payload, options = {}) {
      const args = ["hook", platform, event];
      if (options.native) args.push("--native");
      if (options.config) args.push("--config", options.config);
      else args.push("--connector", options.connector ?? "test");
      if (ENV_INPUT_HOSTS.has(platform) && payload && typeof payload === "object") {
        const vars = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]));
        return run(args, { env: { ...vars, ...options.env } });
      }
      return run(args, { stdin: typeof payload === "string" ? payload : JSON.stringify(payload), env: options.env });
    },
  };
}

function loadPayload(file: string, box?: Sandbox): Record<string, unknown> {
  let text = readFileSync(file, "utf8");
  const subst: Record<string, string> = {
    "<HOME>": box?.home ?? "/fake/home",
    "<CWD>": box?.project ?? "/fake/home/project",
    "<CWD-SLUG>": "-fake-home-project",
    "<TMP>": tmpdir(),
  };
  for (const [key, value] of Object.entries(subst)) text = text.split(key).join(value);
  return JSON.parse(text);
}

/**
 * A payload from test/fixtures/<host>/<name>.json (captured from the real host or written from its
 * docs: the folder's README.md says which) with its placeholders (<HOME>, <CWD>, …) replaced by the
 * sandbox's paths.
 */
export const fixturePayload = (host: string, name: string, box?: Sandbox): Record<string, unknown> =>
  loadPayload(join(REPO, "test", "fixtures", host, `${name}.json`), box);

/** Writes a TypeScript connector config whose body is `source` (an object literal). */
export function writeConfig(box: Sandbox, source: string, name = "agent-connector.config.ts"): string {
  return box.write(join(box.project, name), `import { defineConnector } from "agent-connector";\nexport default defineConnector(${source});\n`);
}

/** Parses stdout as one JSON document, or undefined when it is empty. */
export const stdoutJson = (result: Result): unknown => (result.stdout.trim() ? JSON.parse(result.stdout) : undefined);

/**
 * A connector that hooks every normalized event; each handler returns whatever JSON the test puts in
 * AC_TEST_RESPONSE ("" or unset → returns nothing) and records the event it got in AC_TEST_SEEN.
 */
export function writeScriptedConfig(box: Sandbox, options: { id?: string; matchers?: Record<string, string>; timeout?: number } = {}): string {
  const hooks = EVENT_NAMES.map((event) => {
    const matcher = options.matchers?.[event];
    return `    ${event}: { ${matcher !== undefined ? `matcher: ${JSON.stringify(matcher)}, ` : ""}handler: scripted },`;
  }).join("\n");
  const file = join(box.project, "agent-connector.config.ts");
  box.write(
    file,
    `import { writeFileSync } from "node:fs";
import { defineConnector } from "agent-connector";

const scripted = (event: unknown) => {
  if (process.env.AC_TEST_SEEN) writeFileSync(process.env.AC_TEST_SEEN, JSON.stringify(event));
  const response = process.env.AC_TEST_RESPONSE;
  return response ? JSON.parse(response) : undefined;
};

export default defineConnector({
  id: ${JSON.stringify(options.id ?? "test")},${options.timeout ? `\n  timeout: ${options.timeout},` : ""}
  hooks: {
${hooks}
  },
});
`,
  );
  return file;
}
