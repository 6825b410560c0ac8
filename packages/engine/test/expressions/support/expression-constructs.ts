/**
 * The constructs of an expression, read from JSONata's parsed tree (`jsonata(text).ast()`): node types (`path`, `block`,
 * `lambda`…), operators (`binary +`, `unary [` for an array constructor, `unary {` for an object),
 * functions called (`$sum`), and `predicate`, `order-by`, `group-by`.
 */
export function expressionConstructs(tree: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const parsed = node as Record<string, unknown>;
    if (typeof parsed.type === 'string') {
      found.add(parsed.type);
      if (parsed.type === 'binary' || parsed.type === 'unary') found.add(`${parsed.type} ${parsed.value}`);
      if (parsed.type === 'sort') found.add('order-by');
      if (parsed.type === 'filter') found.add('predicate');
      const procedure = parsed.procedure as { type?: string; value?: unknown } | undefined;
      if (parsed.type === 'function' && procedure?.type === 'variable') {
        // A lambda the expression bound to a name of its own is one construct, whatever its name.
        found.add(/^[pv]\d+$/.test(String(procedure.value)) ? '$<lambda>' : `$${procedure.value}`);
      }
    }
    if (parsed.group) found.add('group-by');
    for (const [key, child] of Object.entries(parsed))
      if (key !== 'value' || typeof child === 'object') visit(child);
  };
  visit(tree);
  return found;
}
