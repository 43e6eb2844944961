import type { EnvField, HookInput } from "../adapter.ts";

/** A payload that cannot be read: the hook fails open with this message. */
export class UnreadablePayload extends Error {}

/**
 * The host's payload, from where its adapter says it is (`input`): JSON on stdin, or fields in
 * environment variables (Mux), where stdin is not even awaited (the host may never close it).
 */
export async function hostPayload(input: HookInput | undefined, stdin: string | Promise<string>, env: Record<string, string | undefined>): Promise<unknown> {
  if (input?.kind === "env") return fromEnv(input.fields, env);
  const text = await stdin;
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadablePayload(text.trim() ? "stdin is not valid JSON" : "stdin is empty");
  }
}

const PLACEHOLDER = /^__\w+_FILE__$/;

async function fromEnv(fields: Readonly<Record<string, EnvField>>, env: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const first = (names: readonly string[] | undefined) => names?.map((name) => env[name]).find((value) => value !== undefined && value !== "");
    let text = first(field.vars);
    const path = first(field.file);
    if ((text === undefined || PLACEHOLDER.test(text)) && path) {
      // Bun's file reader, not node:fs: the hook path loads no Node built-in.
      text = await Bun.file(path)
        .text()
        .catch(() => {
          throw new UnreadablePayload(`the ${key} file named by ${field.file!.join(" / ")} cannot be read`);
        });
    }
    if (text === undefined) continue;
    if (!field.json) payload[key] = text;
    else {
      try {
        payload[key] = JSON.parse(text);
      } catch {
        throw new UnreadablePayload(`${field.vars[0]} is not valid JSON`);
      }
    }
  }
  return payload;
}
