/**
 * Text from the design or the tools made safe inside XML: the five markup characters escaped and
 * the control characters XML 1.0 cannot carry at all replaced, so a stray byte in a tool's
 * message never makes the whole report unreadable.
 */

// C0 controls other than tab, newline and carriage return; DEL and the C1 range are legal XML.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlText(value: string | number): string {
  return String(value)
    .replace(NOT_XML, '\ufffd')
    .replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}
