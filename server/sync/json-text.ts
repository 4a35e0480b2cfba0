/**
 * An answer that is already JSON text (a pull or bootstrap page, whose rows are spliced in as the database
 * stored them): the route sends it as it is, with a JSON content type, instead of serialising an object. A Buffer
 * holds UTF-8.
 */
export class JsonText {
  constructor(readonly text: string | Buffer) {}
}
