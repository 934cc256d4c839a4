/**
 * Every string reachable from an object (own fields, arrays, maps, sets): what a process holds through it. Tests
 * that must prove some text left memory (an anonymised customer's old name in the search) look for it here.
 */
export function reachableStrings(root: unknown): Set<string> {
  const found = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') found.add(value);
    if (typeof value !== 'object' || value === null || seen.has(value) || ArrayBuffer.isView(value)) continue;
    seen.add(value);
    if (value instanceof Map) for (const [key, item] of value) stack.push(key, item);
    else if (value instanceof Set) for (const item of value) stack.push(item);
    else stack.push(...Object.values(value));
  }
  return found;
}
