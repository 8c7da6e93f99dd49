/**
 * The `custom` generator, which runs a callback you supply.
 *
 * @module
 */

/**
 * Options of the `custom` generator. Its `renderFunction` can write any
 * file or run any logic during generation, and whatever it returns becomes
 * the generator's output for dependents. Because it holds a function, it
 * can only be used in JavaScript or TypeScript configuration files. Not
 * exported from the package entry point.
 */
export type CustomGenerator = {
  /**
   * Unique name of this generator entry. Other generators refer to it by
   * this name in their `dependencies`, and its output is stored under it.
   *
   * @defaultValue `'custom'`
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
   * @defaultValue `'custom'`
   */
  preset?: 'custom';
  /**
   * Free-form settings, passed to `renderFunction` as its second argument.
   *
   * @defaultValue `{}`
   */
  options?: any;
  /**
   * Folder reserved for this generator's files.
   *
   * @defaultValue `'custom'`
   */
  outputPath?: string;
  /**
   * Output language of this generator.
   *
   * @defaultValue `'typescript'`
   */
  language?: 'typescript';
  /**
   * The callback that does the work. Its return value is stored as this
   * generator's output.
   *
   * @param context - What the callback works with: `inputType` (the kind of
   *   input document), `asyncapiDocument` (the parsed AsyncAPI document,
   *   `undefined` unless the input is AsyncAPI), `openapiDocument` (the
   *   parsed OpenAPI document, `undefined` unless the input is OpenAPI),
   *   `generator` (this entry's configuration, including `options`) and
   *   `dependencyOutputs` (outputs of the generators in `dependencies`, keyed
   *   by id).
   * @param options - The generator's `options`.
   * @defaultValue a function that does nothing
   */
  renderFunction?: (
    context: {
      inputType: 'asyncapi' | 'openapi';
      asyncapiDocument?: any;
      openapiDocument?: any;
      generator?: any;
      dependencyOutputs: Record<string, any>;
    },
    options?: any,
  ) => any;
};

/**
 * {@link CustomGenerator} with every option filled in, as found in a
 * realized configuration. Not exported from the package entry point.
 */
export type CustomGeneratorInternal = Required<CustomGenerator>;

/**
 * The options the custom generator uses for anything a configuration
 * leaves out.
 *
 * The value is the following, where `renderFunction` is a function that does
 * nothing:
 *
 * ```ts
 * {
 *   id: 'custom',
 *   dependencies: [],
 *   preset: 'custom',
 *   options: {},
 *   outputPath: 'custom',
 *   language: 'typescript',
 *   renderFunction: () => {},
 * }
 * ```
 *
 * @example
 * ```ts
 * import { defaultCustomGenerator, type TheCodegenConfiguration } from '@the-codegen-project/cli';
 *
 * const config: TheCodegenConfiguration = {
 *   inputType: 'asyncapi',
 *   inputPath: './inventory.asyncapi.json',
 *   generators: [
 *     {
 *       ...defaultCustomGenerator,
 *       id: 'channel-count',
 *       renderFunction: ({ asyncapiDocument }) => asyncapiDocument?.channels().all().length ?? 0,
 *     },
 *   ],
 * };
 * export default config;
 * ```
 */
export declare const defaultCustomGenerator: CustomGeneratorInternal;
