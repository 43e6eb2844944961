/**
 * Every command, behind the one dynamic import src/main.ts makes once a command is named. One
 * import site, not one per command: Bun's splitting makes a chunk for each set of import sites
 * that share code, and every start of the binary, hook calls included, registers each chunk the
 * binary holds (a floor program carrying 121 never-loaded modules measured +0.02× per call).
 * `--version` loads none of them.
 */
export { default as status } from "./status.ts";
export { default as doctor } from "./doctor.ts";
export { default as init } from "./init.ts";
export { default as install } from "./install.ts";
export { default as uninstall } from "./uninstall.ts";
export { default as explain } from "./explain.ts";
export { default as compile } from "./compile.ts";
export { default as simulate } from "./simulate.ts";
export { default as logs } from "./logs.ts";
export { default as completion } from "./completion.ts";
export { default as selfInstall } from "./self-install.ts";
export { default as upgrade } from "./upgrade.ts";
export { default as bundle } from "./bundle.ts";
export { default as hook } from "./hook.ts";
export { default as daemon } from "./daemon.ts";
