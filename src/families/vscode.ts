import { join } from "../paths.ts";
import type { PathContext } from "../adapter.ts";

/**
 * VS Code's user data folder (`User/`), where its profile `mcp.json` and extensions' global
 * storage live: `~/.config/Code/User` (XDG on Linux), `~/Library/Application Support/Code/User`
 * (macOS), `%APPDATA%\Code\User` (Windows). Per code.visualstudio.com/docs/configure/settings.
 */
export function vscodeUserDir({ home, env }: PathContext): string {
  if (process.platform === "darwin") return join(home, "Library", "Application Support", "Code", "User");
  if (process.platform === "win32") return join(env.APPDATA || join(home, "AppData", "Roaming"), "Code", "User");
  return join(env.XDG_CONFIG_HOME || join(home, ".config"), "Code", "User");
}
