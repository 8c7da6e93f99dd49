/**
 * Public API of `@the-codegen-project/cli`: everything that can be imported
 * from the package when it is installed as a dependency.
 *
 * @module
 */
export { run } from './cli.js';
export type { AsyncAPIDocumentInterface } from './inputs/asyncapi.js';
export { loadAsyncapi } from './inputs/asyncapi.js';
export type { RunGeneratorContext } from './codegen.js';
export { realizeGeneratorContext, renderGenerator, runGenerators } from './codegen.js';
export type { LoadArgument, TheCodegenConfiguration, TheCodegenConfigurationInternal } from './configuration.js';
export {
  getDefaultConfiguration,
  loadAndRealizeConfigFile,
  loadConfigFile,
  realizeConfiguration,
  zodAsyncAPICodegenConfiguration,
  zodAsyncAPIGenerators,
  zodAsyncAPITypeScriptGenerators,
  zodTheCodegenConfiguration,
} from './configuration.js';
export type {
  GenericCodegenContext,
  Generators,
  ParameterRenderType,
  PayloadRenderType,
  PresetTypes,
  SupportedLanguages,
} from './generators/types.js';
export { defaultCustomGenerator } from './generators/custom.js';
export type { SingleFunctionRenderType, TypeScriptChannelsGenerator } from './generators/typescript/channels.js';
export {
  ChannelFunctionTypes,
  defaultTypeScriptChannelsGenerator,
  generateTypeScriptChannels,
} from './generators/typescript/channels.js';
export type { TypeScriptClientGenerator } from './generators/typescript/client.js';
export { defaultTypeScriptClientGenerator } from './generators/typescript/client.js';
export type { TypescriptParametersGenerator } from './generators/typescript/parameters.js';
export {
  defaultTypeScriptParametersOptions,
  generateTypescriptParameters,
} from './generators/typescript/parameters.js';
export type { TypeScriptPayloadGenerator } from './generators/typescript/payloads.js';
export { defaultTypeScriptPayloadGenerator, generateTypescriptPayload } from './generators/typescript/payloads.js';
