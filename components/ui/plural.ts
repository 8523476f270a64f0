/** "1 country", "2 countries": a count with its noun in the right number. */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}
