/** A connector config that cannot be used; names the file and the field. */
export class ConnectorConfigError extends Error {
  override name = "ConnectorConfigError";
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(field ? `${file}: ${field}: ${detail}` : `${file}: ${detail}`);
  }
}
