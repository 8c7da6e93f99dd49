/**
 * Running generators: building the run context, rendering single
 * generators and rendering a whole configuration.
 *
 * @module
 */
import type { TheCodegenConfiguration } from './configuration.js';
import type { GeneratorsInternal, RenderTypes } from './generators/types.js';
import type { AsyncAPIDocumentInterface } from './inputs/asyncapi.js';
import type { OpenAPIDocument } from './vendor.js';

/**
 * Everything a generation run needs: the configuration, where it came
 * from, the resolved path of the input document and the parsed document.
 *
 * {@link realizeGeneratorContext} builds one from a configuration file.
 */
export interface RunGeneratorContext {
  /** The configuration to run. */
  configuration: TheCodegenConfiguration;
  /**
   * Path of the configuration file. Relative `outputPath` values are
   * resolved against its folder.
   */
  configFilePath: string;
  /** Path of the input document, resolved from the configuration's `inputPath`. */
  documentPath: string;
  /** The parsed AsyncAPI document, when `inputType` is `'asyncapi'`. */
  asyncapiDocument?: AsyncAPIDocumentInterface;
  /** The parsed OpenAPI 2.0, 3.0 or 3.1 document, when `inputType` is `'openapi'`. */
  openapiDocument?: OpenAPIDocument;
}

/**
 * Prepares a generation run from a configuration file.
 *
 * Loads and completes the configuration (see
 * {@link loadAndRealizeConfigFile}), resolves `inputPath` against the
 * configuration file's folder, and parses the input document as AsyncAPI or
 * OpenAPI depending on `inputType`.
 *
 * @param configFile - Path to the configuration file, or `undefined` to
 *   search for one.
 * @returns A context ready for {@link runGenerators}.
 * @throws `Error` when the configuration can't be found or is invalid, or
 *   the input document can't be parsed.
 *
 * @example
 * ```ts
 * import { realizeGeneratorContext } from '@the-codegen-project/cli';
 *
 * const context = await realizeGeneratorContext('./codegen.config.mjs');
 * console.log(`Generating from ${context.documentPath}`);
 * ```
 */
export declare function realizeGeneratorContext(configFile: string | undefined): Promise<RunGeneratorContext>;

/**
 * Renders a single generator.
 *
 * The generator's `outputPath` is first resolved against the configuration
 * file's folder. Then the call is dispatched on `preset`: `payloads`,
 * `parameters`, `headers`, `types`, `channels` and `client` go to their
 * TypeScript implementations, with `renderedContext` passed on as
 * `dependencyOutputs`. For `custom`, the generator's `renderFunction` is
 * called with the input documents, `inputType`, the dependency outputs and
 * the generator itself, plus the generator's `options` as second argument.
 *
 * {@link runGenerators} calls this for every generator in dependency order;
 * call it directly to render one generator on its own.
 *
 * @param generator - The fully-defaulted generator entry to render, for
 *   example one from a realized configuration.
 * @param context - The run context holding the configuration file path and
 *   the parsed input document.
 * @param renderedContext - Outputs of the generators rendered so far, keyed
 *   by generator id.
 * @returns The generator's output; its shape depends on the preset.
 * @throws `Error` when the generator's language or preset is not
 *   recognized.
 *
 * @example
 * ```ts
 * import {
 *   defaultTypeScriptPayloadGenerator,
 *   realizeGeneratorContext,
 *   renderGenerator,
 * } from '@the-codegen-project/cli';
 *
 * const context = await realizeGeneratorContext(undefined);
 * const output = await renderGenerator(
 *   { ...defaultTypeScriptPayloadGenerator, outputPath: './tmp/payload-preview' },
 *   context,
 *   {},
 * );
 * ```
 */
export declare function renderGenerator(
  generator: GeneratorsInternal,
  context: RunGeneratorContext,
  renderedContext: Record<any, any>,
): Promise<RenderTypes>;

/**
 * Renders every generator in the configuration, each after the generators
 * it depends on.
 *
 * A dependency graph is built from the generators' `id` and `dependencies`,
 * and the generators are rendered in an order that respects it. Each
 * output is stored under the generator's id and handed to later generators
 * as `dependencyOutputs`. This is what the `codegen generate` command runs.
 *
 * @param context - The run context, usually from
 *   {@link realizeGeneratorContext}.
 * @returns A promise that resolves once every generator has been rendered.
 * @throws `Error` when two or more generators share an id (message starting
 *   `There are two or more generators that use the same id`), when a
 *   generator depends on itself (`You are not allowed to have self dependant
 *   generators`), or when dependencies form a cycle (`You are not allowed to
 *   have circular dependencies in generators`).
 *
 * @example
 * ```ts
 * import { realizeGeneratorContext, runGenerators } from '@the-codegen-project/cli';
 *
 * const context = await realizeGeneratorContext('./codegen.config.ts');
 * await runGenerators(context);
 * console.log('All generators finished.');
 * ```
 */
export declare function runGenerators(context: RunGeneratorContext): Promise<void>;
