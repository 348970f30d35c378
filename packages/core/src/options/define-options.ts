// One table of a tool's options: a zod object whose fields carry each option's bounds, default and
// description, plus the few facts only the command line needs (short alias, value placeholder, how a
// list is written). The flags, the library's option type, the MCP input and the config section all
// come from it, so nothing about an option is written twice.

import * as z from 'zod';

/** What the command line needs beyond the zod field. Everything else (type, bounds, default, description) is zod's. */
export interface FlagMeta {
  /** The long flag without `--` when it is not the key in kebab-case. */
  flag?: string;
  /** A one-letter alias, without `-`. */
  short?: string;
  /** The value's name in --help (`seconds` shows `--timeout <seconds>`); absent for a switch. */
  value?: string;
  /** A list flag: `comma` splits each value on commas, `repeat` takes each occurrence as given. */
  list?: 'comma' | 'repeat';
  /** A switch that also has `--no-<flag>`. */
  negatable?: boolean;
  /** A file path: written in the config file, it is relative to the file's directory, not to where the tool runs. */
  path?: boolean;
  /** False for what is asked per run (`--prompt`, `--base-sha`): not a key of the config file. */
  config?: boolean;
}

/** Where the fields' FlagMeta lives; `.register(flagMeta, {...})` is the last call of a field's chain. */
export const flagMeta = z.registry<FlagMeta>();

export interface OptionField {
  key: string;
  /** The long flag, `--` included. */
  flag: string;
  meta: FlagMeta;
  /** The field as declared (default and optional included). */
  schema: z.ZodType;
  /** The field without its default or optional wrapper: what a given value must be. */
  base: z.ZodType;
  description: string;
  /** The zod default, when there is one. */
  defaultValue: unknown;
  hasDefault: boolean;
  /** Neither optional nor defaulted: a run cannot go without it. */
  required: boolean;
  configurable: boolean;
}

export interface OptionTable<S extends z.ZodRawShape = z.ZodRawShape> {
  /** The CLI's name, which is also its section of the config file. */
  name: string;
  schema: z.ZodObject<S, z.core.$strict>;
  fields: OptionField[];
}

/** A tool's table of options. `name` is the CLI's name (its config section). */
export function defineOptions<S extends z.ZodRawShape>(name: string, shape: S): OptionTable<S> {
  const fields = Object.entries(shape).map(([key, schema]) => describeField(key, schema as z.ZodType));
  return { name, schema: z.strictObject(shape), fields };
}

function describeField(key: string, schema: z.ZodType): OptionField {
  const meta = flagMeta.get(schema) ?? {};
  let base = schema;
  let hasDefault = false;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    if (base instanceof z.ZodDefault) {
      hasDefault = true;
      defaultValue = base.def.defaultValue;
      base = base.unwrap() as z.ZodType;
    } else if (base instanceof z.ZodOptional) {
      optional = true;
      base = base.unwrap() as z.ZodType;
    } else break;
  }
  return {
    key,
    flag: `--${meta.flag ?? kebab(key)}`,
    meta,
    schema,
    base,
    description: schema.description ?? base.description ?? '',
    defaultValue,
    hasDefault,
    required: !hasDefault && !optional,
    configurable: meta.config !== false,
  };
}

/** A description with facts added: inside its own parenthesis when that one says the default in words. */
export function withNotes(description: string, notes: string[]): string {
  if (notes.length === 0) return description;
  if (/\(default: [^()]*\)$/.test(description)) return `${description.slice(0, -1)}, ${notes.join(', ')})`;
  return `${description} (${notes.join(', ')})`;
}

export function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function fieldOf(table: OptionTable, key: string): OptionField | undefined {
  return table.fields.find((field) => field.key === key);
}

/** What a field accepts, in words, for error messages: "a whole number from 1 to 100", "one of ...". */
export function allowedValues(schema: z.ZodType): string {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return allowedValues(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodEnum) return `one of ${schema.options.map((o) => JSON.stringify(o)).join(', ')}`;
  if (schema instanceof z.ZodNumber) {
    const { minValue: min, maxValue: max } = schema;
    const kind = schema.isInt ? 'a whole number' : 'a number';
    const top = max === null || max >= Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`;
    return min === null || min <= Number.MIN_SAFE_INTEGER ? kind : `${kind} from ${min}${top}`;
  }
  if (schema instanceof z.ZodBoolean) return 'true or false';
  if (schema instanceof z.ZodString) return (schema.minLength ?? 0) > 0 ? 'a non-empty string' : 'a string';
  if (schema instanceof z.ZodArray) return `a list of ${plural(allowedValues(schema.element as z.ZodType))}`;
  if (schema instanceof z.ZodObject) return `an object with the keys ${Object.keys(schema.shape).join(', ')}`;
  if (schema instanceof z.ZodLiteral) {
    const values = [...schema.values].map((v) => JSON.stringify(v));
    return values.length === 1 ? values[0]! : `one of ${values.join(', ')}`;
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).map(allowedValues).join(' or ');
  return 'a valid value';
}

function plural(words: string): string {
  return words.replace(/^an? (non-empty )?(string|number|whole number)/, (_m, ne: string | undefined, noun: string) => `${ne ?? ''}${noun}s`);
}
