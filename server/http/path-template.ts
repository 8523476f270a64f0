/**
 * A path with parameters (`/api/v1/lookup/{phone_number}`) as the router, the document and the tests read it: each
 * `{name}` is one whole segment; `pattern` matches a concrete path and captures the segments in `names`' order.
 */
export function pathTemplate(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split("/")
    .map((segment) => {
      const name = /^\{([a-z_]+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), names };
}
