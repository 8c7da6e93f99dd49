/**
 * Simplified local stand-ins for the third-party types that appear in the
 * public API of `@the-codegen-project/cli`.
 *
 * The real package takes these types from `zod`, `@asyncapi/modelina`,
 * `@asyncapi/parser`, `openapi-types` and `@oclif/core`. This reference does
 * not depend on any of those packages, so each one is replaced by a small
 * structural description that is good enough to read the signatures.
 * Nothing in this module is re-exported from the package entry point.
 *
 * @module
 */

// ---------------------------------------------------------------------------
// zod (v3.25.x)
// ---------------------------------------------------------------------------

/**
 * One problem found while validating a value against a schema.
 *
 * Stand-in for the issue objects collected in zod's `ZodError#issues`.
 */
export interface ZodIssue {
  /** Machine-readable issue kind, for example `invalid_type`. */
  code: string;
  /** Location of the offending value inside the validated input. */
  path: (string | number)[];
  /** Human-readable explanation of the problem. */
  message: string;
}

/**
 * Error describing every reason a value did not match a schema.
 *
 * Stand-in for zod's `ZodError`.
 */
export interface ZodError extends Error {
  /** All problems that were found, in the order zod reported them. */
  issues: ZodIssue[];
}

/**
 * Outcome of a non-throwing validation.
 *
 * Stand-in for zod's `SafeParseReturnType<Input, Output>`.
 *
 * @typeParam Output - The type produced when validation succeeds.
 */
export type ZodSafeParseResult<Output> =
  | {
      /** Validation passed. */
      success: true;
      /** The validated value with all schema defaults filled in. */
      data: Output;
    }
  | {
      /** Validation failed. */
      success: false;
      /** What went wrong. */
      error: ZodError;
    };

/**
 * Common surface of every zod schema.
 *
 * Stand-in for zod's `ZodType<Output, Def, Input>`. A schema accepts values of
 * its input type (where fields with defaults may be left out) and produces
 * values of its output type (where those defaults are filled in). This is the
 * relationship behind `z.input<typeof schema>` and `z.infer<typeof schema>`.
 *
 * @typeParam Output - What a successful parse returns (`z.infer`).
 * @typeParam Input - What the schema accepts (`z.input`).
 */
export interface ZodType<Output, Input = Output> {
  /**
   * Validates `data` and returns it with defaults applied.
   *
   * @param data - The value to validate.
   * @returns The parsed value.
   * @throws A `ZodError` when `data` does not match the schema.
   */
  parse(data: unknown): Output;
  /**
   * Validates `data` without throwing.
   *
   * @param data - The value to validate.
   * @returns Either the parsed value or the validation error.
   */
  safeParse(data: unknown): ZodSafeParseResult<Output>;
  /** Type-level marker for the accepted input type; never read at runtime. */
  readonly _input: Input;
  /** Type-level marker for the produced output type; never read at runtime. */
  readonly _output: Output;
}

/**
 * A schema for a plain object with a fixed set of keys.
 *
 * Stand-in for zod's `ZodObject`.
 *
 * @typeParam Output - The object type a successful parse returns.
 * @typeParam Input - The object type the schema accepts.
 */
export interface ZodObject<Output, Input = Output> extends ZodType<Output, Input> {}

/**
 * A schema that accepts a value when any one of its options accepts it,
 * trying the options in order.
 *
 * Stand-in for zod's `ZodUnion`.
 *
 * @typeParam Output - Union of the options' output types.
 * @typeParam Input - Union of the options' input types.
 */
export interface ZodUnion<Output, Input = Output> extends ZodType<Output, Input> {
  /** The member schemas, in the order they are tried. */
  readonly options: readonly ZodType<unknown>[];
}

/**
 * A union of object schemas where one literal-valued key decides which
 * member schema applies.
 *
 * Stand-in for zod's `ZodDiscriminatedUnion`.
 *
 * @typeParam Discriminator - Name of the key that selects the member schema.
 * @typeParam Output - Union of the members' output types.
 * @typeParam Input - Union of the members' input types.
 */
export interface ZodDiscriminatedUnion<Discriminator extends string, Output, Input = Output>
  extends ZodType<Output, Input> {
  /** Name of the key whose value selects the member schema. */
  readonly discriminator: Discriminator;
  /** The member object schemas. */
  readonly options: readonly ZodType<unknown>[];
}

// ---------------------------------------------------------------------------
// @asyncapi/modelina (5.3.x)
// ---------------------------------------------------------------------------

/**
 * One generated data model together with its rendered source code.
 *
 * Stand-in for Modelina's `OutputModel`. Only the fields that are most useful
 * when reading generator results are listed; the meta model is left opaque.
 */
export interface OutputModel {
  /** The rendered source code of the model. */
  result: string;
  /** Modelina's internal meta model that the code was rendered from. */
  model: unknown;
  /** Name of the generated model (for example the class name). */
  modelName: string;
  /** Import statements or other dependencies the rendered code needs. */
  dependencies: string[];
}

// ---------------------------------------------------------------------------
// @asyncapi/parser (3.4.0)
// ---------------------------------------------------------------------------

/**
 * Any single model object handed out by the AsyncAPI parser (an info object,
 * a server, a channel, an operation, a message, a schema, and so on).
 *
 * Stand-in for the parser's `BaseModel` and the concrete model interfaces
 * built on it.
 */
export interface ParserModel {
  /**
   * Returns the raw JSON behind this model.
   *
   * @returns The underlying part of the parsed document.
   */
  json(): any;
}

/**
 * A list of parser models with lookup helpers.
 *
 * Stand-in for the parser's `Collection` types (`ServersInterface`,
 * `ChannelsInterface`, `OperationsInterface`, `MessagesInterface`, ...).
 *
 * @typeParam T - The kind of model the collection holds.
 */
export interface ParserCollection<T extends ParserModel = ParserModel> {
  /**
   * Lists every item.
   *
   * @returns All items in document order.
   */
  all(): T[];
  /**
   * Tells whether the collection has no items.
   *
   * @returns `true` when there are no items.
   */
  isEmpty(): boolean;
  /**
   * Looks an item up by its id.
   *
   * @param id - The item's id (for example a channel id).
   * @returns The item, or `undefined` when there is none with that id.
   */
  get(id: string): T | undefined;
}

// ---------------------------------------------------------------------------
// openapi-types (12.1.3)
// ---------------------------------------------------------------------------

/**
 * A dereferenced OpenAPI 2.0 (Swagger) document.
 *
 * Stand-in for `OpenAPIV2.Document` from `openapi-types`; only the version
 * field is spelled out.
 */
export interface OpenAPIV2Document {
  /** The Swagger version, `2.0`. */
  swagger: string;
  /** All other top-level fields of the document. */
  [field: string]: unknown;
}

/**
 * A dereferenced OpenAPI 3.0.x document.
 *
 * Stand-in for `OpenAPIV3.Document` from `openapi-types`; only the version
 * field is spelled out.
 */
export interface OpenAPIV3Document {
  /** The OpenAPI version, for example `3.0.3`. */
  openapi: string;
  /** All other top-level fields of the document. */
  [field: string]: unknown;
}

/**
 * A dereferenced OpenAPI 3.1.x document.
 *
 * Stand-in for `OpenAPIV3_1.Document` from `openapi-types`; only the version
 * field is spelled out.
 */
export interface OpenAPIV3_1Document {
  /** The OpenAPI version, for example `3.1.0`. */
  openapi: string;
  /** All other top-level fields of the document. */
  [field: string]: unknown;
}

/**
 * Any parsed OpenAPI document the CLI accepts.
 *
 * Stands for `OpenAPIV3.Document | OpenAPIV2.Document | OpenAPIV3_1.Document`
 * from `openapi-types`.
 */
export type OpenAPIDocument = OpenAPIV3Document | OpenAPIV2Document | OpenAPIV3_1Document;

// ---------------------------------------------------------------------------
// @oclif/core (3.26.x)
// ---------------------------------------------------------------------------

/**
 * A loaded oclif configuration (the CLI's commands, plugins and metadata).
 *
 * Stand-in for oclif's `Config` class; only the root folder is spelled out.
 */
export interface OclifConfig {
  /** Folder of the CLI package the configuration was loaded from. */
  readonly root: string;
}

/**
 * Settings used to build an oclif configuration from scratch.
 *
 * Stand-in for oclif's `Interfaces.Options`; only the root folder is spelled
 * out.
 */
export interface OclifConfigOptions {
  /** Folder (or file inside the folder) of the CLI package to load. */
  root: string;
  /** Further oclif settings. */
  [option: string]: unknown;
}

/**
 * Where oclif should load the CLI configuration from: a root path or URL, an
 * already loaded configuration, or configuration options.
 *
 * Stand-in for oclif's `Interfaces.LoadOptions`.
 */
export type OclifLoadOptions = string | OclifConfig | OclifConfigOptions | undefined;
