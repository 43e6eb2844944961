import type { EventName } from "./events.ts";
import type { Dialect } from "./dialects/dialect.ts";
import type { PayloadMap } from "./core/payload-map.ts";

export type Paradigm = "json-stdio" | "ts-plugin" | "mcp-only";
export type Scope = "user" | "project";

/** What an adapter's path functions may look at. */
export interface PathContext {
  home: string;
  env: Record<string, string | undefined>;
  projectDir: string;
}

/** How the host's config file holds hook entries; the name picks a layout in src/host-config/. */
export interface HookFileSpec {
  layout: "nested-matcher-groups";
  /** Key path to the event map inside the file: ["hooks"] for Claude settings, [] for a bare map. */
  root: string[];
  /** Unit of the handler's `timeout` field. */
  timeoutUnit: "s" | "ms";
  /** Extra fields on each command handler, e.g. Gemini's `name`. */
  handlerExtras?: (ctx: { connectorId: string; event: string }) => Record<string, unknown>;
  scopes: Partial<Record<Scope, (ctx: PathContext) => string>>;
}

export interface Adapter {
  id: string;
  name: string;
  paradigm: Paradigm;
  /** Where the facts in this file come from. */
  sources: string[];
  /** Normalized event → the host's native event name; an absent event is unavailable on the host. */
  events: Partial<Record<EventName, string>>;
  /** Where each normalized field lives in the host's payload. */
  payload: PayloadMap;
  /** How replies are rendered and which response fields the host honours per event. */
  dialect: Dialect;
  /** How the host expresses matchers natively; "none" means every call reaches us and we match. */
  nativeMatcher: "claude-regex" | "none";
  /** Whether platforms.<id>.nativeHooks can declare host-only events. */
  nativeHooks: boolean;
  hookFile?: HookFileSpec;
  /** Signs that the host is installed on this machine. */
  detect: { dirs: (ctx: PathContext) => string[]; bins: string[] };
}

export const defineAdapter = (adapter: Adapter): Adapter => adapter;
