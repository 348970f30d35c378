// The commander side of an option table: one Option per field, each value checked by its zod field
// as it is parsed (so a bad flag keeps commander's error and usage line), and --help showing each
// flag's default and config key. No commander defaults are set: a flag not given stays undefined,
// so the config file can fill it before zod's default does.

import { Help, InvalidArgumentError, Option, type Command } from 'commander';
import * as z from 'zod';
import { allowedValues, withNotes, type OptionField, type OptionTable } from './define-options.js';
import { CONFIG_FILE } from './config-file.js';

/** Adds the table's flags to a command, and the help line saying where the config file is. */
export function addOptions(command: Command, table: OptionTable): Command {
  const byOption = new Map<Option, OptionField>();
  for (const field of table.fields) {
    const option = toOption(field);
    byOption.set(option, field);
    command.addOption(option);
    if (field.meta.negatable) command.addOption(new Option(`--no-${field.flag.slice(2)}`, `turn ${field.flag} off`));
  }
  const fallback = Help.prototype.optionDescription;
  command.configureHelp({
    optionDescription(this: Help, option: Option): string {
      const field = byOption.get(option);
      return field ? helpLine(field) : fallback.call(this, option);
    },
  });
  // A table with nothing the file may set (a subcommand's, tdd-kernel's) says nothing about the file.
  if (!table.fields.some((field) => field.configurable)) return command;
  command.addHelpText(
    'after',
    [
      `\nConfig file: ${CONFIG_FILE} at the repository root, or the "adlc" key of`,
      `package.json; its "${table.name}" object takes the keys shown as config.`,
      'A flag beats the file, the file beats the default.',
    ].join('\n'),
  );
  return command;
}

function toOption(field: OptionField): Option {
  const { meta, base } = field;
  const isSwitch = base instanceof z.ZodBoolean;
  const value = isSwitch ? '' : ` <${meta.value ?? 'value'}>`;
  const option = new Option(`${meta.short ? `-${meta.short}, ` : ''}${field.flag}${value}`, field.description);
  if (!field.configurable && field.required) option.makeOptionMandatory();
  if (isSwitch) return option;
  if (base instanceof z.ZodEnum) return option.choices(base.options.map(String));
  return option.argParser(parserFor(field));
}

function parserFor(field: OptionField): (value: string, previous: unknown) => unknown {
  const { base, meta } = field;
  if (base instanceof z.ZodArray) {
    const element = base.element as z.ZodType;
    return (value, previous) => {
      const items = meta.list === 'comma' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value];
      return [...((previous as unknown[] | undefined) ?? []), ...items.map((item) => checked(element, item))];
    };
  }
  return (value) => checked(base, value);
}

/** A flag's text as the field's type, checked by the field; commander reports a failure with the flag. */
function checked(schema: z.ZodType, text: string): unknown {
  const value = fromText(schema, text);
  const result = schema.safeParse(value);
  if (!result.success) throw new InvalidArgumentError(`expected ${allowedValues(schema)}`);
  return result.data;
}

function fromText(schema: z.ZodType, text: string): unknown {
  if (!(schema instanceof z.ZodNumber)) return text;
  // Whole numbers are written as digits only: "1e2" or "3.0" for a count is a mistake, not 100 or 3.
  if (schema.isInt && !/^[+-]?\d+$/.test(text.trim())) return Number.NaN;
  return text.trim() === '' ? Number.NaN : Number(text);
}

function helpLine(field: OptionField): string {
  const extra: string[] = [];
  if (field.base instanceof z.ZodEnum) extra.push(`choices: ${field.base.options.map((o) => JSON.stringify(o)).join(', ')}`);
  if (field.hasDefault && field.defaultValue !== false && !(Array.isArray(field.defaultValue) && field.defaultValue.length === 0)) {
    extra.push(`default: ${JSON.stringify(field.defaultValue)}`);
  }
  if (field.configurable) extra.push(`config: ${field.key}`);
  return withNotes(field.description, extra);
}

/** The flags given on the command line, as the table's input type; absent flags are absent. */
export function givenOptions<T extends OptionTable>(command: Command, table: T): Partial<z.input<T['schema']>> {
  const values = command.optsWithGlobals();
  const given: Record<string, unknown> = {};
  for (const { key } of table.fields) if (values[key] !== undefined) given[key] = values[key];
  return given as Partial<z.input<T['schema']>>;
}
