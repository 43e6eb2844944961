import { join } from "node:path";
import type { HostRecord } from "./record.ts";

// No capture of a real MiMo run exists; its plugin arguments are OpenCode's (test/mimo-code.test.ts).
export const mimoCode: HostRecord = {
  id: "mimo-code",
  fixtures: {},
  install: {
    kind: "plugin",
    name: "MiMo Code",
    folders: {
      user: (home) => join(home, ".config", "mimocode", "plugin"),
      relocated: { env: "XDG_CONFIG_HOME", folder: (xdg) => join(xdg, "mimocode", "plugin") },
      project: (project) => join(project, ".mimocode", "plugin"),
    },
  },
};
