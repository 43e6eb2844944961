/** A host config file we will not touch; names the file and what to do. */
export class HostConfigError extends Error {
  override name = "HostConfigError";
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
  }
}
