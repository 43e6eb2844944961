/**
 * A stand-in for an OpenCode-family host (OpenCode, Kilo CLI, MiMo Code): loads the plugin module
 * `install` generated and calls its functions the way the host does: the factory with the plugin
 * input, then `hook(input, output)` with the host's objects, which the module mutates in place or
 * answers by throwing. The module spawns the compiled binary with the sandbox's HOME.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeConfig, type Sandbox } from "./harness.ts";

export type Json = Record<string, any>;
type Hook = (...args: unknown[]) => Promise<void>;

export interface Outcome {
  /** The message of the error the module threw (a deny), if any. */
  threw?: string;
  input: Json;
  output: Json;
}

export interface PluginHost {
  /** The hook functions the module returned, by key. */
  hooks: Record<string, Hook>;
  /**
   * Calls a hook with a payload shaped like test/fixtures/opencode/*.json (`{hook, input, output}`);
   * `env` is added to the host's environment for the call (e.g. AC_TEST_RESPONSE).
   */
  call(payload: Json, env?: Record<string, string>): Promise<Outcome>;
  /** Calls `hook(input, output)` directly. */
  run(hook: string, input: Json, output?: Json, env?: Record<string, string>): Promise<Outcome>;
}

let generation = 0;

/** Runs `fn` with the sandbox's HOME, as the host process would have it. */
async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Loads `file` fresh (a new module instance, as a host start would) and calls its factory. */
export async function loadPlugin(box: Sandbox, file: string, host = "opencode"): Promise<PluginHost> {
  const module = await import(`${file}?generation=${++generation}`);
  const init = fixturePayload(host === "kilo-cli" ? "kilo-cli" : "opencode", "plugin.init", box).input as Json;
  const hooks = (await withEnv(box.env, () => module.default.server(init))) as Record<string, Hook>;
  const run = async (hook: string, input: Json, output?: Json, env: Record<string, string> = {}): Promise<Outcome> => {
    const fn = hooks[hook];
    if (!fn) throw new Error(`the module has no "${hook}" hook (it has ${Object.keys(hooks).join(", ")})`);
    return withEnv({ ...box.env, ...env }, async () => {
      try {
        await (hook === "event" ? fn(input) : fn(input, output));
        return { input, output: output ?? {} };
      } catch (error) {
        return { threw: (error as Error).message, input, output: output ?? {} };
      }
    });
  };
  return { hooks, run, call: (payload, env) => run(payload.hook, payload.input, payload.output, env) };
}

/**
 * Where `install --platform <platform>` puts the module, per scope, and that uninstall takes it
 * away again; `folders` gives the folder for a HOME, for the environment variable that relocates
 * the user's folder (`relocated`: XDG_CONFIG_HOME for the OpenCode family) and for a project.
 */
export interface PluginFolders {
  user: (home: string) => string;
  relocated: { env: string; folder: (dir: string) => string };
  project: (project: string) => string;
}

export function pluginFolderSuite(platform: string, name: string, folders: PluginFolders): void {
  describe(`${platform}: where the module goes`, () => {
    const file = (folder: string) => join(folder, `agent-connector-guard-${platform}.ts`);
    const setup = () => {
      const box = sandbox();
      const config = writeConfig(box, `{ id: "guard", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "no" }) } } }`);
      const cli = (command: string, extra: string[] = [], env: Record<string, string> = {}) =>
        box.cli([command, ...(command === "install" ? ["--config", config] : ["--connector", "guard"]), "--platform", platform, ...extra], { env });
      return { box, cli };
    };

    test("user scope, with a header naming the host; uninstall removes it and its emptied folder", () => {
      const { box, cli } = setup();
      expect(cli("install").exitCode).toBe(0);
      expect(box.read(file(folders.user(box.home))).split("\n")[0]).toEndWith(`for connector "guard" on ${name}. Do not edit:`);
      expect(cli("uninstall").exitCode).toBe(0);
      expect(box.exists(file(folders.user(box.home)))).toBe(false);
      // The folder went too, being empty, and so did the host's config dir above it: install
      // created it, and an empty one would pass for an installed host. HOME stays.
      expect(box.exists(folders.user(box.home))).toBe(false);
      expect(box.exists(join(folders.user(box.home), ".."))).toBe(false);
      expect(box.exists(box.home)).toBe(true);
    });

    test(`honours ${folders.relocated.env}`, () => {
      const { box, cli } = setup();
      const dir = join(box.root, "relocated");
      expect(cli("install", [], { [folders.relocated.env]: dir }).exitCode).toBe(0);
      expect(box.exists(file(folders.relocated.folder(dir)))).toBe(true);
      expect(box.exists(file(folders.user(box.home)))).toBe(false);
    });

    test("project scope", () => {
      const { box, cli } = setup();
      expect(cli("install", ["--scope", "project", "--project-dir", box.project]).exitCode).toBe(0);
      expect(box.exists(file(folders.project(box.project)))).toBe(true);
      expect(cli("uninstall", ["--scope", "project"]).exitCode).toBe(0);
      expect(box.exists(file(folders.project(box.project)))).toBe(false);
    });
  });
}
