/** JSON for display: errors as their message, undefined kept visible. */
export function pretty(value: unknown, indent = 2): string {
  const text = JSON.stringify(
    value,
    (_key, v: unknown) =>
      v instanceof Error ? `Error: ${v.message}` : v === undefined ? '(sin definir)' : v,
    indent,
  );
  return text ?? '(sin definir)';
}
