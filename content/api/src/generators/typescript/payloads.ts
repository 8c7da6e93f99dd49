/**
 * The TypeScript `payloads` generator.
 *
 * @module
 */
import type { AsyncAPIDocumentInterface } from '../../inputs/asyncapi.js';
import type { OpenAPIDocument } from '../../vendor.js';
import type { GenericCodegenContext, PayloadRenderType } from '../types.js';

/**
 * Options of the TypeScript `payloads` generator, which turns the message
 * payload schemas of the input document into TypeScript models that can be
 * serialized to and from JSON, optionally with built-in validation.
 *
 * Apart from `preset`, which you always set, every option can be left out;
 * the defaults are those of
 * {@link defaultTypeScriptPayloadGenerator}.
 *
 * @example
 * ```ts
 * import type { TypeScriptPayloadGenerator } from '@the-codegen-project/cli';
 *
 * const payloads: TypeScriptPayloadGenerator = {
 *   preset: 'payloads',
 *   outputPath: './src/messages',
 *   enum: 'union',
 *   includeValidation: false,
 * };
 * ```
 */
export type TypeScriptPayloadGenerator = {
  /**
   * Unique name of this generator entry. Other generators refer to it by
   * this name in their `dependencies`, and its output is stored under it.
   *
   * @defaultValue `'payloads-typescript'`
   */
  id?: string;
  /**
   * Ids of the generators that must be rendered before this one.
   *
   * @defaultValue `[]`
   */
  dependencies?: string[];
  /**
   * Selects this generator. It has a default, but in practice you always set
   * it, because it is the value that identifies the kind of entry.
   *
   * @defaultValue `'payloads'`
   */
  preset?: 'payloads';
  /**
   * Folder the model files are written to. A relative path is resolved
   * against the folder of the configuration file.
   *
   * @defaultValue `'src/__gen__/payloads'`
   */
  outputPath?: string;
  /**
   * Serialization format of the generated models. JSON is the only one.
   *
   * @defaultValue `'json'`
   */
  serializationType?: 'json';
  /**
   * Output language of this generator.
   *
   * @defaultValue `'typescript'`
   */
  language?: 'typescript';
  /**
   * How enumerations in the schemas are generated: `'enum'` creates a
   * separate TypeScript `enum`, `'union'` a plain union of literal types.
   *
   * @defaultValue `'enum'`
   */
  enum?: 'enum' | 'union';
  /**
   * Which TypeScript type is used for dictionaries (schemas with
   * additional properties): an indexed object type, a `Map`, or a `Record`.
   *
   * @defaultValue `'record'`
   */
  map?: 'indexedObject' | 'map' | 'record';
  /**
   * Avoids names that are reserved words in JavaScript, so the models stay
   * valid when they are compiled to JavaScript.
   *
   * @defaultValue `true`
   */
  useForJavaScript?: boolean;
  /**
   * Adds the static `validate` and `createValidator` methods to every model.
   * The generated code then needs the `ajv` package.
   *
   * @defaultValue `true`
   */
  includeValidation?: boolean;
  /**
   * Keeps property names exactly as they are written in the schema. Such
   * names are then accessed with bracket notation.
   *
   * @defaultValue `false`
   */
  rawPropertyNames?: boolean;
};

/**
 * {@link TypeScriptPayloadGenerator} with every option filled in, as found in
 * a realized configuration. Not exported from the package entry point.
 */
export type TypeScriptPayloadGeneratorInternal = Required<TypeScriptPayloadGenerator>;

/**
 * The result of the TypeScript payloads generator. Not exported from the
 * package entry point.
 */
export type TypeScriptPayloadRenderType = PayloadRenderType<TypeScriptPayloadGeneratorInternal>;

/**
 * Everything {@link generateTypescriptPayload} needs. Not exported from the
 * package entry point.
 */
export interface TypeScriptPayloadContext extends GenericCodegenContext {
  /** Which kind of document is being generated from. */
  inputType: 'asyncapi' | 'openapi';
  /** The parsed AsyncAPI document; required when `inputType` is `'asyncapi'`. */
  asyncapiDocument?: AsyncAPIDocumentInterface;
  /** The parsed OpenAPI document; required when `inputType` is `'openapi'`. */
  openapiDocument?: OpenAPIDocument;
  /** The generator's options with all defaults applied. */
  generator: TypeScriptPayloadGeneratorInternal;
}

/**
 * The options the TypeScript payloads generator uses for anything a
 * configuration leaves out.
 *
 * The value is:
 *
 * ```ts
 * {
 *   id: 'payloads-typescript',
 *   dependencies: [],
 *   preset: 'payloads',
 *   outputPath: 'src/__gen__/payloads',
 *   serializationType: 'json',
 *   language: 'typescript',
 *   enum: 'enum',
 *   map: 'record',
 *   useForJavaScript: true,
 *   includeValidation: true,
 *   rawPropertyNames: false,
 * }
 * ```
 *
 * @see {@link TypeScriptPayloadGenerator} for what each option does.
 */
export declare const defaultTypeScriptPayloadGenerator: TypeScriptPayloadGeneratorInternal;

/**
 * Generates the payload models for an AsyncAPI or OpenAPI document and
 * writes one file per model to the generator's `outputPath`.
 *
 * Models are produced with Modelina's TypeScript generator. Each class can
 * marshal itself to JSON and unmarshal from it, and gets validation methods
 * when `includeValidation` is on. The first model generated for a channel
 * or operation is its message's root model.
 *
 * Usually you don't call this yourself: {@link runGenerators} calls it for
 * every `payloads` entry in the configuration.
 *
 * @param context - The input document plus the generator options:
 *   `inputType` names the kind of document, `asyncapiDocument` or
 *   `openapiDocument` holds the parsed document, `generator` holds the fully
 *   defaulted options and `dependencyOutputs` the outputs of earlier
 *   generators.
 * @returns The generated models sorted into `channelModels`,
 *   `operationModels` and `otherModels`, along with the options used.
 * @throws `Error` with the message `Expected AsyncAPI input, was not given`
 *   (or `Expected OpenAPI input, was not given`) when the document that
 *   matches `inputType` is missing.
 *
 * @example
 * ```ts
 * import {
 *   defaultTypeScriptPayloadGenerator,
 *   generateTypescriptPayload,
 *   realizeGeneratorContext,
 * } from '@the-codegen-project/cli';
 *
 * // Loads the configuration and the AsyncAPI document it points to.
 * const runContext = await realizeGeneratorContext('./codegen.config.mjs');
 *
 * const result = await generateTypescriptPayload({
 *   inputType: 'asyncapi',
 *   asyncapiDocument: runContext.asyncapiDocument,
 *   generator: { ...defaultTypeScriptPayloadGenerator, outputPath: './generated/payloads' },
 *   dependencyOutputs: {},
 * });
 *
 * for (const [channelId, payload] of Object.entries(result.channelModels)) {
 *   console.log(`${channelId}: ${payload.messageType}`);
 * }
 * ```
 */
export declare function generateTypescriptPayload(
  context: TypeScriptPayloadContext,
): Promise<TypeScriptPayloadRenderType>;
