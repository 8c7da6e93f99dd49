/**
 * Loading AsyncAPI input documents.
 *
 * @module
 */
import type { RunGeneratorContext } from '../codegen.js';
import type { ParserCollection, ParserModel } from '../vendor.js';

/**
 * A parsed AsyncAPI document, version 2.x or 3.x, as produced by the AsyncAPI
 * parser (`@asyncapi/parser` 3.4.0) and re-exported by this package.
 * Generators and custom `renderFunction`s receive it as `asyncapiDocument`.
 *
 * This reference lists the most useful methods in simplified form; the
 * parser's own documentation describes the full model. The methods without
 * the `all` prefix return what the document declares at that level, while
 * the `all...` variants also include definitions that only exist in
 * `components`.
 *
 * @see {@link loadAsyncapi} to parse a document.
 */
export interface AsyncAPIDocumentInterface {
  /**
   * The AsyncAPI specification version of the document.
   *
   * @returns The version string, for example `3.0.0`.
   */
  version(): string;
  /**
   * The document's default content type for messages.
   *
   * @returns The content type, or `undefined` when none is declared.
   */
  defaultContentType(): string | undefined;
  /**
   * Tells whether the document declares a default content type.
   *
   * @returns `true` when `defaultContentType` is set.
   */
  hasDefaultContentType(): boolean;
  /**
   * The `info` object: title, version, description and so on.
   *
   * @returns The info model.
   */
  info(): ParserModel;
  /**
   * The servers declared in the document.
   *
   * @returns A collection of server models.
   */
  servers(): ParserCollection;
  /**
   * The channels declared in the document.
   *
   * @returns A collection of channel models.
   */
  channels(): ParserCollection;
  /**
   * The operations declared in the document.
   *
   * @returns A collection of operation models.
   */
  operations(): ParserCollection;
  /**
   * The messages used by the document's channels and operations.
   *
   * @returns A collection of message models.
   */
  messages(): ParserCollection;
  /**
   * The schemas used by the document's messages.
   *
   * @returns A collection of schema models.
   */
  schemas(): ParserCollection;
  /**
   * The security schemes the document uses.
   *
   * @returns A collection of security scheme models.
   */
  securitySchemes(): ParserCollection;
  /**
   * The document's `components` section.
   *
   * @returns The components model.
   */
  components(): ParserModel;
  /**
   * All servers, including those only defined in `components`.
   *
   * @returns A collection of server models.
   */
  allServers(): ParserCollection;
  /**
   * All channels, including those only defined in `components`.
   *
   * @returns A collection of channel models.
   */
  allChannels(): ParserCollection;
  /**
   * All operations, including those only defined in `components`.
   *
   * @returns A collection of operation models.
   */
  allOperations(): ParserCollection;
  /**
   * All messages, including those only defined in `components`.
   *
   * @returns A collection of message models.
   */
  allMessages(): ParserCollection;
  /**
   * All schemas, including those only defined in `components`.
   *
   * @returns A collection of schema models.
   */
  allSchemas(): ParserCollection;
  /**
   * The specification extensions (`x-...` fields) at the root of the
   * document.
   *
   * @returns A collection of extension models.
   */
  extensions(): ParserCollection;
  /**
   * The raw JSON of the whole document.
   *
   * @returns The parsed document as a plain object.
   */
  json(): any;
}

/**
 * Reads and parses the AsyncAPI document at `context.documentPath`.
 *
 * The AsyncAPI parser runs with its core and recommended lint rule sets
 * turned off, and with schema parsers for Avro, OpenAPI, RAML data types and
 * Protobuf turned on, so message payloads may use any of those formats.
 *
 * {@link realizeGeneratorContext} already calls this for AsyncAPI
 * configurations, so you only need it when you build a
 * {@link RunGeneratorContext} yourself.
 *
 * @param context - The run context; only `documentPath` is read.
 * @returns The parsed document.
 * @throws `Error` if the parser reports any diagnostics. The message starts
 *   with `Could not load AsyncAPI document, errors was:` and lists them.
 *
 * @example
 * ```ts
 * import { loadAsyncapi, loadConfigFile } from '@the-codegen-project/cli';
 *
 * const { config, filePath } = await loadConfigFile('./codegen.json');
 * const document = await loadAsyncapi({
 *   configuration: config,
 *   configFilePath: filePath,
 *   documentPath: './specs/shipping.asyncapi.yaml',
 * });
 * console.log(document?.version(), document?.allChannels().all().length);
 * ```
 */
export declare function loadAsyncapi(context: RunGeneratorContext): Promise<AsyncAPIDocumentInterface | undefined>;
