/**
 * The API reference model: typedoc's JSON output (ProjectReflection, as
 * serialised by typedoc's Serializer) plus what folio derived from it.
 */
import type { JSONOutput } from 'typedoc';

export interface ApiModel {
  project: JSONOutput.ProjectReflection;
  /** Hash of the inputs the model was generated from. */
  hash: string;
  /** Readme markdown shown at the top of the index page (absolute file path). */
  readmeFile?: string;
}
