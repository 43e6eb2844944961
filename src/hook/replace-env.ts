/**
 * Makes process.env exactly `env` (a hook call's environment, in a process that answers many):
 * keys it lacks go, its values are set. Most calls come from the same host with the same
 * environment, and then nothing is written (each write is a setenv; comparing is cheaper).
 *
 * Own keys only: `env` is parsed JSON, a plain object, so `constructor` or `toString` are "in" it
 * whatever the host set, and a variable of that name left by one call would reach the next.
 * Throws when process.env cannot hold `env` as it came: Bun's process.env takes no own `__proto__`
 * (assigning it sets the prototype, or nothing), which a process of its own has when the host set
 * it; the call then runs in the host's own process (worker.ts answers `retry`).
 */
export function replaceEnv(env: Record<string, string | undefined>): void {
  const current = process.env;
  const own = Object.hasOwn;
  let count = 0;
  let same = true;
  for (const key in current) {
    count++;
    if (!own(env, key) || current[key] !== env[key]) {
      same = false;
      break;
    }
  }
  const keys = Object.keys(env);
  if (same && count === keys.length) return;
  for (const key of Object.keys(current)) if (!own(env, key)) delete current[key];
  for (const key of keys) current[key] = env[key];
  for (const key of keys) if (!own(current, key) || current[key] !== env[key]) throw new Error(`its environment variable ${key} cannot be set in a worker`);
}
