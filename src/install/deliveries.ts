import type { Adapter, HookDelivery, HookFileSpec, PathContext, Scope } from "../adapter.ts";
import type { ConnectorConfig, EventName } from "../events.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../core/timeout.ts";
import { commandShell, hookCommand } from "./command-line.ts";
import { generatePluginModule, moduleOwner, pluginModulePath, pluginSettings } from "./plugin-module/generate.ts";
import { packageEdits, registeredHooks } from "./plugin-module/package.ts";
import type { FileEdit } from "./edits/index.ts";
import type { LauncherFlavour } from "./launcher.ts";
import { join } from "../paths.ts";

/** One event to wire: a normalized one, or (native) a host-only one from platforms.<id>.nativeHooks. */
export interface Wiring {
  event: string;
  nativeEvent: string;
  /** The matcher as the host's config takes it; undefined = every call reaches us. */
  matcherText?: string;
  native: boolean;
  /** The definition fails closed (`onFailure: "deny"`): the command says so, and the host's own switch is set where it has one. */
  failClosed?: boolean;
}

/** The keys that make the host block by itself when our process cannot answer `nativeEvent` (adapter `hostFailClosed`). */
const hostFailClosedKeys = (adapter: Adapter, nativeEvent: string): Record<string, unknown> | undefined => {
  const host = adapter.hostFailClosed;
  return host?.entry && (!host.events || host.events.includes(nativeEvent)) ? host.entry : undefined;
};

interface Target<D> {
  adapter: Adapter;
  delivery: D;
  scope: Scope;
  paths: PathContext;
  file: string;
  connectorId: string;
  /** How our commands start: this binary's invocation and those the registry recorded. */
  invocations: readonly string[];
  /** The connector's config file: managed hook commands name it (src/install/command-line.ts). */
  configPath?: string;
  /** The binary managed hook commands call (the system copy); default: this one. */
  binary?: readonly string[];
}

/** How one kind of delivery is located and turned into file edits. */
interface Delivery<D extends HookDelivery> {
  /** The file written for a connector at a scope; undefined: the host has no hooks at that scope. */
  file(adapter: Adapter, delivery: D, scope: Scope, paths: PathContext, connectorId: string): string | undefined;
  install(target: Target<D>, config: ConnectorConfig, wiring: readonly Wiring[]): FileEdit[];
  uninstall(target: Target<D>): FileEdit[];
}

type HookFile = Extract<HookDelivery, { kind: "hook-file" }>;
type PluginModule = Extract<HookDelivery, { kind: "plugin-module" }>;

/** The file that follows the hook file (Codex trust), planned right after it. */
function companions({ adapter, delivery, scope, paths, file, invocations }: Target<HookFile>): FileEdit[] {
  const companion = delivery.file.companion;
  // Codex trusts managed hooks by policy (developers.openai.com/codex/hooks): no user's trust to record.
  if (!companion || scope === "managed") return [];
  return [{ kind: companion.kind, file: companion.file(paths), follows: file, hookFile: file, platform: adapter.id, paths, scope, invocations }];
}

/** The hook file as written on `platform`: on Windows the command may sit under its own key (Copilot's `powershell`). */
export function fileSpecOn(spec: HookFileSpec, platform: string = process.platform): HookFileSpec {
  const key = spec.windows?.commandKey;
  if (platform !== "win32" || !key) return spec;
  return { ...spec, entryKeys: { ...(spec.entryKeys ?? { command: "command", timeout: "timeout" }), command: key } };
}

const hookFile: Delivery<HookFile> = {
  // An agent-definition host: the agent named, else its default.
  file: (_adapter, { file }, scope, paths, connectorId) =>
    file.scopes[scope]?.(file.agent ? { ...paths, agent: paths.agent ?? file.agent.default } : paths, connectorId),
  install(target, config, wiring) {
    const { adapter, delivery, file } = target;
    const seconds = config.timeout ?? DEFAULT_TIMEOUT_SECONDS;
    const timeout = delivery.file.timeoutUnit === "ms" ? seconds * 1000 : seconds;
    const shell = commandShell(delivery.file);
    const configPath = target.scope === "managed" ? target.configPath : undefined;
    const binary = target.scope === "managed" ? target.binary : undefined;
    const entries = wiring.map((w) => {
      const hostKeys = w.failClosed ? hostFailClosedKeys(adapter, w.nativeEvent) : undefined;
      return {
        nativeEvent: w.nativeEvent,
        event: w.event,
        matcher: w.matcherText,
        command: hookCommand(adapter.id, w.event, config.id, { native: w.native, failClosed: w.failClosed }, shell, binary, configPath),
        timeout,
        ...(hostKeys ? { hostKeys } : {}),
      };
    });
    return [
      { kind: "hook-entries", file, platform: adapter.id, connectorId: config.id, spec: fileSpecOn(delivery.file), entries, invocations: target.invocations },
      ...companions(target),
    ];
  },
  uninstall: (target) => [
    {
      kind: "hook-entries",
      file: target.file,
      platform: target.adapter.id,
      connectorId: target.connectorId,
      spec: fileSpecOn(target.delivery.file),
      entries: [],
      invocations: target.invocations,
    },
    ...companions(target),
  ],
};

const pluginModule: Delivery<PluginModule> = {
  file: (adapter, { module }, scope, paths, connectorId) => pluginModulePath(adapter, module, scope, paths, connectorId),
  install({ adapter, paths, file }, config, wiring) {
    const events = wiring.filter((w) => !w.native).map((w) => w.event as EventName);
    const native = wiring.filter((w) => w.native).map((w) => w.nativeEvent);
    const owner = moduleOwner(adapter);
    const spec = (owner.hooks as PluginModule).module;
    const module = events.length || native.length ? generatePluginModule(owner, spec, pluginSettings(owner, spec, config, events, native)) : null;
    const edit: FileEdit = { kind: "plugin-module", file, connectorId: config.id, module };
    if (!spec.package) return [edit];
    const { files, registration } = packageEdits(
      owner,
      spec.package,
      paths,
      config.id,
      file,
      module ? registeredHooks(owner, spec.package, events, native) : null,
    );
    return module ? [edit, ...files, registration] : [...files, edit, registration];
  },
  uninstall({ adapter, delivery, paths, file, connectorId }) {
    const edit: FileEdit = { kind: "plugin-module", file, connectorId, module: null };
    if (!delivery.module.package) return [edit];
    const { files, registration } = packageEdits(adapter, delivery.module.package, paths, connectorId, file, null);
    return [...files, edit, registration];
  },
};

export type HooksFolder = Extract<HookDelivery, { kind: "hooks-folder" }>;

/** The launcher's flavour and file name for an event on this OS (Windows: the host's suffix). */
export function launcherFile(folder: string, spec: HooksFolder["folder"], nativeEvent: string): { file: string; flavour: LauncherFlavour } {
  if (process.platform !== "win32") return { file: join(folder, nativeEvent), flavour: "sh" };
  return { file: join(folder, `${nativeEvent}${spec.windows.suffix}`), flavour: spec.windows.flavour };
}

/**
 * One launcher per event file the host knows: the wired ones get this connector's launcher, every
 * other one loses a launcher of this connector if it has one (an event dropped from the config).
 * The registry records the folder.
 */
function launcherEdits({ adapter, delivery, scope, file: folder, connectorId, invocations }: Target<HooksFolder>, wiring: readonly Wiring[]): FileEdit[] {
  const spec = delivery.folder;
  return spec.eventFiles.map((nativeEvent) => {
    const { file, flavour } = launcherFile(folder, spec, nativeEvent);
    // What a launcher of ours in this file can serve: the normalized events the host names so, or the native event.
    const serves = [
      ...Object.entries(adapter.events)
        .filter(([, name]) => name === nativeEvent)
        .map(([event]) => ({ event, native: false })),
      { event: nativeEvent, native: true },
    ];
    const wired = wiring.find((w) => w.nativeEvent === nativeEvent);
    const noStdin = adapter.input?.kind === "env";
    const launched = wired ? { event: wired.event, native: wired.native, ...(wired.failClosed ? { failClosed: true } : {}) } : null;
    const besideOwn = spec.besideOwn?.(nativeEvent);
    return {
      kind: "hook-launcher",
      file,
      platform: adapter.id,
      name: adapter.name,
      connectorId,
      scope,
      flavour,
      wired: launched,
      serves,
      invocations,
      ...(noStdin ? { noStdin } : {}),
      ...(besideOwn ? { besideOwn } : {}),
      ...(spec.firstFound ? { firstFound: true } : {}),
    };
  });
}

const hooksFolder: Delivery<HooksFolder> = {
  file: (_adapter, { folder }, scope, paths) => folder.folders[scope]?.(paths),
  install: (target, _config, wiring) => launcherEdits(target, wiring),
  uninstall: (target) => launcherEdits(target, []),
};

const none: Delivery<Extract<HookDelivery, { kind: "none" }>> = { file: () => undefined, install: () => [], uninstall: () => [] };

const unavailable: Delivery<Extract<HookDelivery, { kind: "unavailable" }>> = { file: () => undefined, install: () => [], uninstall: () => [] };

const DELIVERIES: { [K in HookDelivery["kind"]]: Delivery<Extract<HookDelivery, { kind: K }>> } = {
  "hook-file": hookFile,
  "hooks-folder": hooksFolder,
  "plugin-module": pluginModule,
  none,
  unavailable,
};

const deliveryOf = <K extends HookDelivery["kind"]>(kind: K) => DELIVERIES[kind] as unknown as Delivery<HookDelivery>;

/** The file install writes for this host, connector and scope; undefined: nothing at that scope. */
export const deliveredFile = (adapter: Adapter, scope: Scope, paths: PathContext, connectorId: string): string | undefined =>
  deliveryOf(adapter.hooks.kind).file(adapter, adapter.hooks, scope, paths, connectorId);

export const installEdits = (target: Omit<Target<HookDelivery>, "delivery">, config: ConnectorConfig, wiring: readonly Wiring[]): FileEdit[] =>
  deliveryOf(target.adapter.hooks.kind).install({ ...target, delivery: target.adapter.hooks }, config, wiring);

export const uninstallEdits = (target: Omit<Target<HookDelivery>, "delivery">): FileEdit[] =>
  deliveryOf(target.adapter.hooks.kind).uninstall({ ...target, delivery: target.adapter.hooks });
