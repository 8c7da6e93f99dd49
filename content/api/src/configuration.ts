/**
 * Configuration types, schemas and the functions that load and complete a
 * configuration file.
 *
 * @module
 */
import type { CustomGenerator, CustomGeneratorInternal } from './generators/custom.js';
import type { TypescriptHeadersGenerator, TypescriptHeadersGeneratorInternal } from './generators/typescript/headers.js';
import type {
  TypescriptParametersGenerator,
  TypescriptParametersGeneratorInternal,
} from './generators/typescript/parameters.js';
import type {
  TypeScriptPayloadGenerator,
  TypeScriptPayloadGeneratorInternal,
} from './generators/typescript/payloads.js';
import type { TypescriptTypesGenerator, TypescriptTypesGeneratorInternal } from './generators/typescript/types.js';
import type {
  Generators,
  GeneratorsInternal,
  PresetTypes,
  SupportedLanguages,
} from './generators/types.js';
import type { ZodDiscriminatedUnion, ZodObject, ZodUnion } from './vendor.js';

/**
 * The configuration you write for The Codegen Project: which document to
 * read and which generators to run on it.
 *
 * It is the input type of {@link zodTheCodegenConfiguration}, so generator
 * options with defaults may be left out. The two variants are told apart by
 * `inputType`; OpenAPI input supports every generator except `channels` and
 * `client`. Annotate a TypeScript or JavaScript configuration file with this
 * type to get completion and type checking; in JSON and YAML files, `$schema`
 * serves the same purpose.
 *
 * @example
 * ```ts
 * // codegen.config.ts
 * import type { TheCodegenConfiguration } from '@the-codegen-project/cli';
 *
 * const config: TheCodegenConfiguration = {
 *   inputType: 'asyncapi',
 *   inputPath: './specs/library.asyncapi.yaml',
 *   language: 'typescript',
 *   generators: [
 *     { preset: 'payloads', outputPath: './src/generated/payloads' },
 *     { preset: 'parameters', outputPath: './src/generated/parameters' },
 *     {
 *       preset: 'channels',
 *       outputPath: './src/generated/channels',
 *       protocols: ['nats'],
 *     },
 *   ],
 * };
 *
 * export default config;
 * ```
 *
 * @see {@link TheCodegenConfigurationInternal} for the same configuration
 *   after defaults are applied.
 */
export type TheCodegenConfiguration =
  | {
      /**
       * URL of the configuration's JSON Schema. Only useful in JSON and YAML
       * files, where it enables editor completion and validation.
       */
      $schema?: string;
      /** The input document is an AsyncAPI document. */
      inputType: 'asyncapi';
      /**
       * Path to the AsyncAPI document. A relative path is resolved against
       * the folder of the configuration file.
       */
      inputPath: string;
      /**
       * Default output language for generators that don't set their own.
       * When neither is set, `'typescript'` is used.
       */
      language?: 'typescript';
      /** The generators to run. All seven presets are available. */
      generators: Generators[];
    }
  | {
      /**
       * URL of the configuration's JSON Schema. Only useful in JSON and YAML
       * files, where it enables editor completion and validation.
       */
      $schema?: string;
      /** The input document is an OpenAPI 2.0, 3.0 or 3.1 document. */
      inputType: 'openapi';
      /**
       * Path to the OpenAPI document. A relative path is resolved against
       * the folder of the configuration file.
       */
      inputPath: string;
      /**
       * Default output language for generators that don't set their own.
       * When neither is set, `'typescript'` is used.
       */
      language?: 'typescript';
      /**
       * The generators to run: `payloads`, `parameters`, `headers`, `types`
       * or `custom`.
       */
      generators: (
        | TypeScriptPayloadGenerator
        | TypescriptParametersGenerator
        | TypescriptHeadersGenerator
        | TypescriptTypesGenerator
        | CustomGenerator
      )[];
    };

/**
 * A configuration after {@link realizeConfiguration} has completed it: the
 * output type of {@link zodTheCodegenConfiguration}.
 *
 * The shape is that of {@link TheCodegenConfiguration}, except that every
 * generator entry is in its fully-defaulted form, so options such as `id`,
 * `outputPath` and `dependencies` are always present.
 */
export type TheCodegenConfigurationInternal =
  | {
      /** URL of the configuration's JSON Schema, if the file declared one. */
      $schema?: string;
      /** The input document is an AsyncAPI document. */
      inputType: 'asyncapi';
      /** Path to the AsyncAPI document, as written in the configuration. */
      inputPath: string;
      /** Default output language, if the configuration set one. */
      language?: 'typescript';
      /** The generators to run, with all defaults applied. */
      generators: GeneratorsInternal[];
    }
  | {
      /** URL of the configuration's JSON Schema, if the file declared one. */
      $schema?: string;
      /** The input document is an OpenAPI 2.0, 3.0 or 3.1 document. */
      inputType: 'openapi';
      /** Path to the OpenAPI document, as written in the configuration. */
      inputPath: string;
      /** Default output language, if the configuration set one. */
      language?: 'typescript';
      /** The generators to run, with all defaults applied. */
      generators: (
        | TypeScriptPayloadGeneratorInternal
        | TypescriptParametersGeneratorInternal
        | TypescriptHeadersGeneratorInternal
        | TypescriptTypesGeneratorInternal
        | CustomGeneratorInternal
      )[];
    };

/**
 * Describes a configuration file to load: where it is and which format it
 * is written in. None of the exported functions take it as a parameter.
 */
export interface LoadArgument {
  /** Path to the configuration file. */
  configPath: string;
  /**
   * Format of the file: an ES module (`esm`), JSON (`json`) or YAML
   * (`yaml`).
   */
  configType: 'esm' | 'json' | 'yaml';
}

/**
 * The zod schema for a single generator entry of an AsyncAPI
 * configuration. It accepts any of the seven generators (payloads,
 * parameters, channels, client, headers, types and custom) and is built
 * from the options of {@link zodAsyncAPITypeScriptGenerators}.
 *
 * Parsing an entry fills in its defaults.
 */
export declare const zodAsyncAPIGenerators: ZodUnion<GeneratorsInternal, Generators>;

/**
 * The zod schema for a single TypeScript generator entry. It is a
 * discriminated union on `preset` over the seven TypeScript generator
 * schemas, so the value of `preset` decides which options are checked.
 */
export declare const zodAsyncAPITypeScriptGenerators: ZodDiscriminatedUnion<'preset', GeneratorsInternal, Generators>;

/**
 * The zod schema for a configuration whose input is an AsyncAPI document.
 *
 * It checks an optional string `$schema`, `inputType` equal to `'asyncapi'`,
 * a string `inputPath`, an optional `language` (only `'typescript'`), and
 * `generators`, a list in which each entry must match
 * {@link zodAsyncAPIGenerators}. The fields carry descriptions, which are
 * also the source of the published JSON Schema for configuration files
 * (`schemas/configuration-schema-0.json`).
 */
export declare const zodAsyncAPICodegenConfiguration: ZodObject<
  Extract<TheCodegenConfigurationInternal, { /** Picks the AsyncAPI variant. */ inputType: 'asyncapi' }>,
  Extract<TheCodegenConfiguration, { /** Picks the AsyncAPI variant. */ inputType: 'asyncapi' }>
>;

/**
 * The zod schema for a complete configuration, whatever its input: a
 * discriminated union on `inputType` over the AsyncAPI schema
 * ({@link zodAsyncAPICodegenConfiguration}) and an OpenAPI schema that is
 * not exported. The OpenAPI variant only allows the payloads, parameters,
 * headers, types and custom generators.
 *
 * {@link realizeConfiguration} validates with this schema.
 * {@link TheCodegenConfiguration} is its input type and
 * {@link TheCodegenConfigurationInternal} its output type.
 *
 * @example
 * ```ts
 * import { zodTheCodegenConfiguration } from '@the-codegen-project/cli';
 *
 * const outcome = zodTheCodegenConfiguration.safeParse({
 *   inputType: 'openapi',
 *   inputPath: './petstore.yaml',
 *   generators: [{ preset: 'channels' }],
 * });
 * if (!outcome.success) {
 *   // channels is not available for OpenAPI input
 *   console.error(outcome.error.issues);
 * }
 * ```
 */
export declare const zodTheCodegenConfiguration: ZodDiscriminatedUnion<
  'inputType',
  TheCodegenConfigurationInternal,
  TheCodegenConfiguration
>;

/**
 * Returns the default options of a generator, with every option filled in.
 *
 * @param preset - The generator to get the defaults for.
 * @param language - The output language. Ignored for the `custom` preset.
 * @returns The default generator entry, or `undefined` when there is no
 *   generator for that combination of preset and language.
 *
 * @example
 * ```ts
 * import { getDefaultConfiguration } from '@the-codegen-project/cli';
 *
 * const defaults = getDefaultConfiguration('payloads', 'typescript');
 * console.log(defaults?.outputPath); // 'src/__gen__/payloads'
 * ```
 */
export declare function getDefaultConfiguration(
  preset: PresetTypes,
  language: SupportedLanguages,
): GeneratorsInternal | undefined;

/**
 * Finds and loads a configuration file, as written: no defaults are applied
 * and nothing is validated yet.
 *
 * Loading uses cosmiconfig with the module name `codegen`. When `filePath`
 * is given, that file is loaded. Otherwise the usual places are searched,
 * such as `package.json`, `.codegenrc` (with or without an extension,
 * also under `.config/`), `codegen.config.*` and `codegen.*` files.
 *
 * If the file's default export is a function, it is called and its return
 * value is used; if it is an object, that object is used; otherwise the
 * whole loaded value is used.
 *
 * @param filePath - Path to the configuration file. Leave it out to search
 *   for one.
 * @returns The loaded configuration and the path of the file it came from.
 * @throws `Error` with a message starting `Cannot find configuration` when no
 *   file is found.
 *
 * @example
 * ```ts
 * import { loadConfigFile } from '@the-codegen-project/cli';
 *
 * const { config, filePath } = await loadConfigFile();
 * console.log(`${filePath} defines ${config.generators.length} generator(s)`);
 * ```
 *
 * @see {@link loadAndRealizeConfigFile} to load and complete in one step.
 */
export declare function loadConfigFile(
  filePath?: string,
): Promise<{
  /** The configuration as written in the file. */
  config: TheCodegenConfiguration;
  /** Path of the file the configuration was loaded from. */
  filePath: string;
}>;

/**
 * Completes a configuration: applies defaults, validates it and adds any
 * generators that others depend on.
 *
 * The steps are:
 *
 * 1. Each generator entry is merged over the defaults of its preset. The
 *    language is taken from the entry, else from the configuration's
 *    `language`, else `'typescript'`.
 * 2. When several entries keep the default `id` of their preset, they get
 *    numbered suffixes (`-1`, `-2`, ...) so every id is unique.
 * 3. The result is validated with {@link zodTheCodegenConfiguration}.
 * 4. Missing dependencies are added with their defaults, recursively: a
 *    `channels` generator brings a `parameters` and a `payloads` generator
 *    (placed in the `parameter` and `payload` folders under its
 *    `outputPath`), and a `client` generator brings a `channels` generator
 *    (in the `channels` folder under its `outputPath`, with the client's
 *    `protocols`).
 *
 * The object passed in is modified and returned.
 *
 * @param config - The configuration as written, for example the `config`
 *   returned by {@link loadConfigFile}.
 * @returns The same configuration object, now complete.
 * @throws `Error` with a message starting `Invalid configuration file` when
 *   validation fails; the problems are also logged.
 *
 * @example
 * ```ts
 * import { realizeConfiguration } from '@the-codegen-project/cli';
 *
 * const config = realizeConfiguration({
 *   inputType: 'asyncapi',
 *   inputPath: './specs/sensors.asyncapi.json',
 *   generators: [{ preset: 'channels', outputPath: './src/sensors', protocols: ['mqtt'] }],
 * });
 *
 * // Also lists the payloads and parameters generators that channels needs.
 * for (const generator of config.generators) {
 *   console.log(generator.id, generator.outputPath);
 * }
 * ```
 */
export declare function realizeConfiguration(config: TheCodegenConfiguration): TheCodegenConfigurationInternal;

/**
 * Loads a configuration file with {@link loadConfigFile} and completes it
 * with {@link realizeConfiguration}.
 *
 * @param filePath - Path to the configuration file. Leave it out to search
 *   for one.
 * @returns The validated, fully-defaulted configuration and the path of the
 *   file it came from.
 * @throws `Error` when no file is found or the configuration is invalid.
 *
 * @example
 * ```ts
 * import { loadAndRealizeConfigFile } from '@the-codegen-project/cli';
 *
 * const { config } = await loadAndRealizeConfigFile('./config/codegen.yaml');
 * const ids = config.generators.map((generator) => generator.id);
 * console.log(ids);
 * ```
 */
export declare function loadAndRealizeConfigFile(
  filePath?: string,
): Promise<{
  /** The configuration with all defaults applied. */
  config: TheCodegenConfigurationInternal;
  /** Path of the file the configuration was loaded from. */
  filePath: string;
}>;
