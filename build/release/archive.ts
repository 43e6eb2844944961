import { copyFileSync, mkdirSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";

/**
 * Archives that come out byte-identical from the same binary: a fixed mtime (the commit's), owner
 * 0, gzip without a name or time stamp, zip without extra attributes, in UTC.
 */
export function archive(binary: string, inner: string, out: string, epoch: number, level = 9): void {
  const stage = `${out}.stage`;
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage);
  const file = join(stage, inner);
  copyFileSync(binary, file);
  utimesSync(file, epoch, epoch);
  rmSync(out, { force: true });
  const env = { ...process.env, TZ: "UTC", GZIP: "" };
  const sh = (script: string) => {
    const proc = Bun.spawnSync(["sh", "-c", script], { cwd: stage, env, stdout: "pipe", stderr: "pipe" });
    if (proc.exitCode !== 0) throw new Error(`${script}: ${proc.stderr}`);
  };
  const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  if (out.endsWith(".zip")) sh(`zip -X -${level} -q ${quoted(out)} ${quoted(inner)}`);
  else {
    const gnu = Bun.spawnSync(["tar", "--version"]).stdout.toString().includes("GNU");
    const owner = gnu ? "--owner=0 --group=0 --numeric-owner" : "--uid 0 --gid 0";
    sh(`tar -cf - ${owner} ${quoted(inner)} | gzip -${level} -n > ${quoted(out)}`);
  }
  rmSync(stage, { recursive: true, force: true });
}
