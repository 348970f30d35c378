// The defaults of a localization, in a module of their own: consensus-fix's --max-files and --timeout
// take them, and its --help must not load the localizer to show them.

export const LOCALIZE_DEFAULTS = { maxFiles: 3, timeout: 600 } as const;
