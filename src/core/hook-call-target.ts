/** What one hook call uses: a normalized event, or a host's native event of a platform. */
export type HookCallTarget = { event: string } | { platform: string; native: string };

/** One key per target, for caches of a config checked once per target (a worker's) and for naming a definition (src/core/on-failure.ts). */
export const targetKey = (target: HookCallTarget): string => ("event" in target ? target.event : `${target.platform} ${target.native}`);
