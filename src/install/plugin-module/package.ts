import { dirname } from "node:path";
import { join } from "../../paths.ts";
import type { Adapter, PathContext, PluginPackageSpec } from "../../adapter.ts";
import type { EventName } from "../../events.ts";
import type { FileEdit } from "../edits/index.ts";
import { pluginId } from "./generate.ts";

/**
 * The files beside a plugin package's entry module and its registration in the host's config
 * (OpenClaw, src/adapter.ts PluginPackageSpec). All of them follow the entry module: they are
 * written with it and removed with it.
 */

const CONFIG_SCHEMA = { type: "object", additionalProperties: false, properties: {} };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The hooks the module registers for these events: what decides the conversation-access policy. */
export function registeredHooks(adapter: Adapter, spec: PluginPackageSpec, events: readonly EventName[], nativeEvents: readonly string[]): string[] {
  return [...events.flatMap((event) => [adapter.events[event], ...(spec.alsoRegisters?.[event] ?? [])]), ...nativeEvents].filter(
    (hook): hook is string => !!hook,
  );
}

/**
 * `entry`: the module file; `hooks`: what the module registers (null: nothing left, remove all).
 * Manifest and package.json are ours by their `id`/`name`, the plugin id. Written after the entry,
 * removed before it: removing the entry last prunes the folders its first write created.
 */
export function packageEdits(
  adapter: Adapter,
  spec: PluginPackageSpec,
  paths: PathContext,
  connectorId: string,
  entry: string,
  hooks: readonly string[] | null,
): { files: FileEdit[]; registration: FileEdit } {
  const id = pluginId(adapter.id, connectorId);
  const folder = dirname(entry);
  const manifest = {
    id,
    name: `agent-connector: ${connectorId}`,
    description: `Hooks of the agent-connector connector "${connectorId}"`,
    activation: { onStartup: true },
    configSchema: CONFIG_SCHEMA,
  };
  const pkg = { name: id, private: true, type: "module", openclaw: { extensions: ["./index.ts"] } };
  const conversation = hooks?.some((hook) => spec.conversationHooks.includes(hook)) ?? false;
  return {
    files: [
      { kind: "plugin-file", file: join(folder, "openclaw.plugin.json"), follows: entry, owner: id, text: hooks ? json(manifest) : null },
      { kind: "plugin-file", file: join(folder, "package.json"), follows: entry, owner: id, text: hooks ? json(pkg) : null },
    ],
    registration: {
      kind: "plugin-registration",
      file: spec.config(paths),
      follows: entry,
      pluginId: id,
      entry: hooks ? { enabled: true, ...(conversation ? { hooks: { allowConversationAccess: true } } : {}) } : null,
    },
  };
}
