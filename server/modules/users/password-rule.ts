// The one password rule, with no server dependency: the server enforces it and the forms check it as people type.
/** Why a password is too weak, or undefined when it is acceptable. */
export function passwordWeakness(password: string): string | undefined {
  if (password.length < 10) return "Use at least 10 characters";
  if (password.length > 200) return "Use at most 200 characters";
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2) return "Mix letters with digits, capitals or symbols";
  return undefined;
}
