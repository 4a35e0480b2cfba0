/**
 * The shape of a JSON value a till sent, checked without recursion: JSON.parse accepts nesting as deep as the body
 * allows, but JSON.stringify, validation and handlers recurse, and a few thousand levels overflow the stack (a
 * RangeError, which failed a whole push and every retry of it). And JSON.parse keeps a `__proto__` property as
 * data, which copying code (Object.assign, a merge) would turn into the object's prototype.
 */

/** Deeper than any operation's body goes (an order's line's modifiers are five levels down). */
export const MAX_VALUE_DEPTH = 32;

interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Visit | null;
  readonly key: string;
}

/** `args.items.0.name`: built only for a problem, never for every value walked. */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

const isPrototypeKey = (key: string, child: unknown) =>
  key === '__proto__' || (key === 'constructor' && typeof child === 'object' && child !== null && 'prototype' in child);

/**
 * The first problem of `value`'s shape, naming where it is under `name` ("args nest deeper than 32 levels",
 * "args.items.0.__proto__ is not an allowed property name"), or null when there is none.
 */
export function valueShapeProblem(value: unknown, name: string): string | null {
  const stack: Visit[] = [{ value, depth: 1, parent: null, key: name }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth > MAX_VALUE_DEPTH) return `${name} ${name === 'args' || name === 'params' ? 'nest' : 'nests'} deeper than ${MAX_VALUE_DEPTH} levels`;
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      current.forEach((element, index) => stack.push({ value: element, depth, parent: visit, key: String(index) }));
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (isPrototypeKey(key, child)) return `${pathOf({ value: child, depth, parent: visit, key })} is not an allowed property name`;
      stack.push({ value: child, depth, parent: visit, key });
    }
  }
  return null;
}
