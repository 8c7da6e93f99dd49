/**
 * The TypeScript `parameters` generator.
 *
 * @module
 */
import type { AsyncAPIDocumentInterface } from '../../inputs/asyncapi.js';
import type { OpenAPIDocument } from '../../vendor.js';
import type { GenericCodegenContext, ParameterRenderType } from '../types.js';

/**
 * Options of the TypeScript `parameters` generator, which creates a model
 * class for the parameters of each AsyncAPI channel (the placeholders in
 * its address) or each OpenAPI operation (path and query parameters).
 *
 * Note the spelling `Typescript` (lower-case `s`) in this name, unlike
 * {@link TypeScriptPayloadGenerator}. Apart from `preset`, which you
 * always set, every option can be left out; the defaults are those of {@link defaultTypeScriptParametersOptions}.
 *
 * @example
 * ```ts
 * import type { TypescriptParametersGenerator } from '@the-codegen-project/cli';
 *
 * const parameters: TypescriptParametersGenerator = {
 *   preset: 'parameters',
 *   outputPath: './src/routing',
 * };
 * ```
 */
export type TypescriptParametersGenerator = {
  /**
   * Unique name of this generator entry. Other generators refer to it by
   * this name in their `dependencies`, and its output is stored under it.
   *
   * @defaultValue `'parameters-typescript'`
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
   * @defaultValue `'parameters'`
   */
  preset?: 'parameters';
  /**
   * Folder the parameter model files are written to. A relative path is
   * resolved against the folder of the configuration file.
   *
   * @defaultValue `'src/__gen__/parameters'`
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
};

/**
 * {@link TypescriptParametersGenerator} with every option filled in, as
 * found in a realized configuration. Not exported from the package entry
 * point.
 */
export type TypescriptParametersGeneratorInternal = Required<TypescriptParametersGenerator>;

/**
 * The result of the TypeScript parameters generator. Not exported from the
 * package entry point.
 */
export type TypeScriptParameterRenderType = ParameterRenderType<TypescriptParametersGeneratorInternal>;

/**
 * Everything {@link generateTypescriptParameters} needs. Not exported from
 * the package entry point.
 */
export interface TypescriptParametersContext extends GenericCodegenContext {
  /** Which kind of document is being generated from. */
  inputType: 'asyncapi' | 'openapi';
  /** The parsed AsyncAPI document; required when `inputType` is `'asyncapi'`. */
  asyncapiDocument?: AsyncAPIDocumentInterface;
  /** The parsed OpenAPI document; required when `inputType` is `'openapi'`. */
  openapiDocument?: OpenAPIDocument;
  /** The generator's options with all defaults applied. */
  generator: TypescriptParametersGeneratorInternal;
}

/**
 * The options the TypeScript parameters generator uses for anything a
 * configuration leaves out. Note that the name ends in `Options`, unlike the
 * other `default...Generator` values.
 *
 * The value is:
 *
 * ```ts
 * {
 *   id: 'parameters-typescript',
 *   dependencies: [],
 *   preset: 'parameters',
 *   outputPath: 'src/__gen__/parameters',
 *   serializationType: 'json',
 *   language: 'typescript',
 * }
 * ```
 *
 * @see {@link TypescriptParametersGenerator} for what each option does.
 */
export declare const defaultTypeScriptParametersOptions: TypescriptParametersGeneratorInternal;

/**
 * Generates one parameter model per AsyncAPI channel, or per OpenAPI
 * operation, and writes the model files to the generator's `outputPath`.
 *
 * AsyncAPI models can fill a channel address template with their values and
 * can be created from a concrete address. OpenAPI models can serialize
 * themselves into path and query parameters or a full URL, and can be read
 * back from a URL.
 *
 * Usually you don't call this yourself: {@link runGenerators} calls it for
 * every `parameters` entry in the configuration.
 *
 * @param context - The input document plus the generator options:
 *   `inputType` names the kind of document, `asyncapiDocument` or
 *   `openapiDocument` holds the parsed document, `generator` holds the fully
 *   defaulted options and `dependencyOutputs` the outputs of earlier
 *   generators.
 * @returns The parameter model per channel or operation id (`undefined`
 *   for ids without parameters), along with the options used.
 * @throws `Error` with the message `Expected AsyncAPI input, was not given`
 *   (or `Expected OpenAPI input, was not given`) when the document that
 *   matches `inputType` is missing.
 *
 * @example
 * ```ts
 * import {
 *   defaultTypeScriptParametersOptions,
 *   generateTypescriptParameters,
 *   realizeGeneratorContext,
 * } from '@the-codegen-project/cli';
 *
 * const runContext = await realizeGeneratorContext(undefined);
 * const result = await generateTypescriptParameters({
 *   inputType: 'asyncapi',
 *   asyncapiDocument: runContext.asyncapiDocument,
 *   generator: defaultTypeScriptParametersOptions,
 *   dependencyOutputs: {},
 * });
 *
 * const withoutParameters = Object.entries(result.channelModels)
 *   .filter(([, model]) => model === undefined)
 *   .map(([channelId]) => channelId);
 * console.log('Channels without parameters:', withoutParameters);
 * ```
 */
export declare function generateTypescriptParameters(
  context: TypescriptParametersContext,
): Promise<TypeScriptParameterRenderType>;
