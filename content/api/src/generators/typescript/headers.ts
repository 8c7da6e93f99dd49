/**
 * The TypeScript `headers` generator. None of its types are exported from
 * the package entry point; they are described here because
 * {@link Generators} includes them.
 *
 * @module
 */
import type { OutputModel } from '../../vendor.js';

/**
 * Options of the TypeScript `headers` generator, which creates a model for
 * the message headers of each AsyncAPI channel or OpenAPI path. Not exported
 * from the package entry point.
 */
export type TypescriptHeadersGenerator = {
  /**
   * Unique name of this generator entry.
   *
   * @defaultValue `'headers-typescript'`
   */
  id?: string;
  /**
   * Ids of the generators that must be rendered before this one.
   *
   * @defaultValue `[]`
   */
  dependencies?: string[];
  /**
   * Selects this generator.
   *
   * @defaultValue `'headers'`
   */
  preset?: 'headers';
  /**
   * Folder the header model files are written to.
   *
   * @defaultValue `'src/__gen__/headers'`
   */
  outputPath?: string;
  /** Serialization format of the generated models. JSON is the only one. */
  serializationType?: 'json';
  /** Output language of this generator. */
  language?: 'typescript';
  /**
   * Adds the static `validate` and `createValidator` methods to every model.
   *
   * @defaultValue `true`
   */
  includeValidation?: boolean;
};

/**
 * {@link TypescriptHeadersGenerator} after defaults are applied. Simplified
 * here to every option being present. Not exported from the package entry
 * point.
 */
export type TypescriptHeadersGeneratorInternal = Required<TypescriptHeadersGenerator>;

/**
 * The result of the TypeScript headers generator. Simplified here: a header
 * model per channel (AsyncAPI) or path (OpenAPI), plus the options used. Not
 * exported from the package entry point.
 */
export interface TypeScriptHeadersRenderType {
  /** Header model per channel or path; `undefined` when there are no headers. */
  channelModels: Record<string, OutputModel | undefined>;
  /** The options the generator ran with. */
  generator: TypescriptHeadersGeneratorInternal;
}
