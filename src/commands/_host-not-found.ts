import type { Adapter, PathContext } from "../adapter.ts";
import { isDetected } from "../install/detect.ts";
import { tilde } from "./_output.ts";

const either = (words: readonly string[]): string => (words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : (words[0] ?? ""));

/**
 * The warning for a host named with --platform that shows no sign of being on this machine, or
 * undefined when it does. The install still goes ahead, since the host may come later; the user
 * should know now rather than wonder later why the hooks never ran.
 */
export function hostNotFoundWarning(adapter: Adapter, paths: PathContext, dryRun: boolean): string | undefined {
  if (isDetected(adapter, paths)) return undefined;
  const { bins } = adapter.detect;
  const dirs = adapter.detect.dirs(paths).map((dir) => tilde(dir, paths.home));
  const looked = [...(bins.length ? [`no ${either(bins)} on PATH`] : []), ...(dirs.length ? [`nothing of its own in ${either(dirs)}`] : [])];
  return `${adapter.name} was not found on this machine (${looked.join(", ")}): ${dryRun ? "would be installed" : "installed"} anyway; its hooks run once ${adapter.name} is there.`;
}
