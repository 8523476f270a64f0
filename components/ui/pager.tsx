import { Button } from "./button";

/**
 * Newer and Older under a list read a page at a time by cursor: `pages` is the stack of cursors walked so far (the
 * first page's is undefined), `next` the cursor of the page after the one shown, if there is one.
 */
export function Pager<C>({
  pages,
  next,
  onChange,
}: {
  pages: C[];
  next: C | null | undefined;
  onChange: (pages: C[]) => void;
}) {
  if (pages.length === 1 && !next) return null;
  return (
    <div className="mt-3 flex gap-2">
      <Button variant="secondary" disabled={pages.length === 1} onClick={() => onChange(pages.slice(0, -1))}>
        Newer
      </Button>
      <Button variant="secondary" disabled={!next} onClick={() => next && onChange([...pages, next])}>
        Older
      </Button>
    </div>
  );
}
