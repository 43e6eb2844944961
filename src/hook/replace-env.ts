/**
 * Makes process.env exactly `env` (a hook call's environment, in a process that answers many):
 * keys it lacks go, its values are set. Most calls come from the same host with the same
 * environment, and then nothing is written (each write is a setenv; comparing is cheaper).
 */
export function replaceEnv(env: Record<string, string | undefined>): void {
  const current = process.env;
  let count = 0;
  let same = true;
  for (const key in current) {
    count++;
    if (current[key] !== env[key]) {
      same = false;
      break;
    }
  }
  if (same && count === Object.keys(env).length) return;
  for (const key of Object.keys(current)) if (!(key in env)) delete current[key];
  Object.assign(current, env);
}
