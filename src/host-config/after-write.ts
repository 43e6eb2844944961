import type { AfterWriteContext, CompanionChange, HookFileSpec } from "../adapter.ts";
import { codexTrust } from "./codex-trust.ts";

/** Computes how `companion` changes when the hook file `file` goes from ctx.before to ctx.after. */
export type AfterWrite = (companion: string, file: string, ctx: AfterWriteContext) => CompanionChange;

/** Every value of HookFileSpec["afterWrite"]["kind"], one implementation each. */
export const AFTER_WRITE: Record<NonNullable<HookFileSpec["afterWrite"]>["kind"], AfterWrite> = {
  "codex-trust": codexTrust,
};
