// Model text shown to people (stdout, the report file) cannot drive their terminal: control
// characters (escape sequences, a lone carriage return that hides a line, bidi overrides that
// reorder what is read) are shown as visible symbols. Newlines, tabs and CRLF pass unchanged.

const CONTROL = /\r(?!\n)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (ch) => {
    const code = ch.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
