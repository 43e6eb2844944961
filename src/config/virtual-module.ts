import { defineConnector } from "./define.ts";
import { EVENT_NAMES } from "../events.ts";

/** The module, registered once in this process. */
const plugin = { registered: false };

/**
 * Lets a config `import { defineConnector } from "agent-connector"` with no node_modules
 * anywhere: the compiled binary serves the module itself.
 */
export function registerVirtualModule(): void {
  if (plugin.registered) return;
  plugin.registered = true;
  Bun.plugin({
    name: "agent-connector",
    setup(build) {
      build.module("agent-connector", () => ({
        exports: { defineConnector, EVENT_NAMES, default: { defineConnector } },
        loader: "object",
      }));
    },
  });
}
