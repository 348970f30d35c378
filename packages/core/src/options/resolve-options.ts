// A run's options from what was given (flags, or a library or MCP call) over the config file's
// section over the table's defaults, checked once by the table's zod object.

import type { z } from 'zod';
import { opError } from '../outcome.js';
import { allowedValues, fieldOf, withNotes, type OptionTable } from './define-options.js';
import type { ProjectConfig } from './config-file.js';

export function resolveOptions<T extends OptionTable>(
  table: T,
  given: Partial<z.input<T['schema']>>,
  config: Pick<ProjectConfig, 'options'> = { options: {} },
): z.output<T['schema']> {
  const merged: Record<string, unknown> = { ...config.options };
  // A key given as undefined (an MCP argument left out) is not given: the file still applies.
  for (const [key, value] of Object.entries(given)) if (value !== undefined) merged[key] = value;
  const result = table.schema.safeParse(merged);
  if (result.success) return result.data as z.output<T['schema']>;
  const issue = result.error.issues[0]!;
  const hint = `run \`${table.name} --help\` for the options`;
  if (issue.code === 'unrecognized_keys') throw opError(`unknown option ${issue.keys.join(', ')}`, { hint });
  const key = String(issue.path[0]);
  const field = fieldOf(table, key);
  if (!field) throw opError(issue.message, { hint });
  if (merged[key] === undefined) throw opError(`${field.flag} is required`, { hint });
  throw opError(`${field.flag} is ${JSON.stringify(merged[key])}; expected ${allowedValues(field.base)}`, { hint });
}

/** An MCP input field: a defaulted option becomes optional there (so the config file still applies). */
type ToolField<F> = F extends z.ZodDefault<infer Inner> ? z.ZodOptional<Inner> : F;

/**
 * The fields of an MCP tool's input, from the table: bounds and descriptions as the flags have them,
 * no defaults (an argument left out leaves the config file and the default to decide), the default
 * said in the description instead.
 */
export function toolShape<T extends OptionTable, K extends keyof T['schema']['shape'] & string>(
  table: T,
  keys: readonly K[],
): { [P in K]: ToolField<T['schema']['shape'][P]> } {
  const shape: Record<string, z.ZodType> = {};
  for (const key of keys) {
    const field = fieldOf(table, key)!;
    const said = field.hasDefault ? [`default: ${JSON.stringify(field.defaultValue)}`] : [];
    shape[key] = (field.required ? field.base : field.base.optional()).describe(withNotes(field.description, said));
  }
  return shape as { [P in K]: ToolField<T['schema']['shape'][P]> };
}
