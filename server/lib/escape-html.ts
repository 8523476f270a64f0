/** Text as HTML shows it: & < > " ' as numeric references, so a value can never become markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
