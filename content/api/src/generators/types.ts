/**
 * Building blocks shared by all generators: preset and language names, the
 * base generator context and the generic result shapes.
 *
 * @module
 */
import type { OutputModel } from '../vendor.js';
import type { CustomGenerator, CustomGeneratorInternal } from './custom.js';
import type {
  TypeScriptChannelRenderType,
  TypeScriptChannelsGenerator,
  TypeScriptChannelsGeneratorInternal,
} from './typescript/channels.js';
import type {
  TypeScriptClientGenerator,
  TypeScriptClientGeneratorInternal,
  TypeScriptClientRenderType,
} from './typescript/client.js';
import type {
  TypeScriptHeadersRenderType,
  TypescriptHeadersGenerator,
  TypescriptHeadersGeneratorInternal,
} from './typescript/headers.js';
import type {
  TypeScriptParameterRenderType,
  TypescriptParametersGenerator,
  TypescriptParametersGeneratorInternal,
} from './typescript/parameters.js';
import type {
  TypeScriptPayloadGenerator,
  TypeScriptPayloadGeneratorInternal,
  TypeScriptPayloadRenderType,
} from './typescript/payloads.js';
import type {
  TypeScriptTypesRenderType,
  TypescriptTypesGenerator,
  TypescriptTypesGeneratorInternal,
} from './typescript/types.js';

/**
 * The names of the available generators (also called presets). The value
 * goes into a generator's `preset` field and decides what that entry
 * generates.
 *
 * - `payloads`: message payload models.
 * - `parameters`: channel or operation parameter models.
 * - `headers`: message header models.
 * - `types`: simple types and helpers derived from the document, such as
 *   the list of channel addresses.
 * - `channels`: protocol-specific functions per channel or operation.
 * - `client`: a client class per protocol built on top of `channels`.
 * - `custom`: your own render callback.
 *
 * @see {@link getDefaultConfiguration} to get the defaults of a preset.
 */
export type PresetTypes = 'payloads' | 'parameters' | 'headers' | 'types' | 'channels' | 'custom' | 'client';

/**
 * The output languages the generators can produce. TypeScript is currently
 * the only one.
 */
export type SupportedLanguages = 'typescript';

/**
 * The part every generator context has in common. Each generator receives a
 * context built on this one, extended with the input document and the
 * generator's own fully-defaulted options.
 */
export interface GenericCodegenContext {
  /**
   * Results of the generators that have already been rendered, keyed by
   * generator `id`. A generator reads the outputs of the generators listed in
   * its `dependencies` from here; a `custom` generator's output is whatever
   * its `renderFunction` returned.
   */
  dependencyOutputs: Record<string, any>;
}

/**
 * A generated payload model together with the name of its type.
 *
 * Not exported from the package entry point.
 */
export interface ChannelPayload {
  /** The generated model. */
  messageModel: OutputModel;
  /** Name of the TypeScript type that represents the message. */
  messageType: string;
}

/**
 * What a payloads generator produces: the generated models grouped by where
 * they come from in the input document.
 *
 * For each channel (and each operation) the first generated model is the
 * root model of its message; every other model it needs ends up in
 * `otherModels`.
 *
 * @typeParam GeneratorType - The fully-defaulted options of the generator
 *   that produced the result.
 * @see {@link generateTypescriptPayload}, which returns this shape for the
 *   TypeScript payloads generator.
 */
export interface PayloadRenderType<GeneratorType> {
  /** Root payload model per channel, keyed by channel id. */
  channelModels: Record<string, ChannelPayload>;
  /** Root payload model per operation, keyed by operation id. */
  operationModels: Record<string, ChannelPayload>;
  /** All remaining models, such as nested objects and enums. */
  otherModels: ChannelPayload[];
  /** The options the generator ran with. */
  generator: GeneratorType;
}

/**
 * What a parameters generator produces: one parameter model per channel
 * (AsyncAPI input) or per operation (OpenAPI input).
 *
 * @typeParam GeneratorType - The fully-defaulted options of the generator
 *   that produced the result.
 * @see {@link generateTypescriptParameters}, which returns this shape for
 *   the TypeScript parameters generator.
 */
export interface ParameterRenderType<GeneratorType> {
  /**
   * Parameter model per channel or operation id. The value is `undefined`
   * when that channel or operation has no parameters.
   */
  channelModels: Record<string, OutputModel | undefined>;
  /** The options the generator ran with. */
  generator: GeneratorType;
}

/**
 * A single generator entry, as written in the `generators` list of a
 * configuration file. The `preset` field tells the entries apart.
 *
 * Of the seven members, the headers, types and custom generator types are
 * not exported from the package entry point; the others are
 * {@link TypeScriptPayloadGenerator}, {@link TypescriptParametersGenerator},
 * {@link TypeScriptChannelsGenerator} and {@link TypeScriptClientGenerator}.
 *
 * @example
 * ```ts
 * import type { Generators } from '@the-codegen-project/cli';
 *
 * const models: Generators = {
 *   preset: 'payloads',
 *   outputPath: './src/models',
 *   language: 'typescript',
 * };
 * ```
 */
export type Generators =
  | TypescriptHeadersGenerator
  | TypescriptTypesGenerator
  | TypeScriptPayloadGenerator
  | TypescriptParametersGenerator
  | TypeScriptChannelsGenerator
  | TypeScriptClientGenerator
  | CustomGenerator;

/**
 * A single generator entry after defaults have been applied: every field
 * that has a default is present. Not exported from the package entry point.
 */
export type GeneratorsInternal =
  | TypeScriptPayloadGeneratorInternal
  | TypescriptParametersGeneratorInternal
  | TypeScriptChannelsGeneratorInternal
  | TypeScriptClientGeneratorInternal
  | TypescriptHeadersGeneratorInternal
  | TypescriptTypesGeneratorInternal
  | CustomGeneratorInternal;

/**
 * The result of rendering one generator, whichever preset it uses. Not
 * exported from the package entry point.
 */
export type RenderTypes =
  | TypeScriptChannelRenderType
  | TypeScriptPayloadRenderType
  | TypeScriptParameterRenderType
  | TypeScriptHeadersRenderType
  | TypeScriptTypesRenderType
  | TypeScriptClientRenderType
  | CustomGenerator;
