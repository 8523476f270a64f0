// A template's variables: {{first_name}}, {{last_name}}, {{phone}}, {{email}},
// {{attributes.city}}, each with an optional default, {{first_name | "there"}}.
// A value missing with no default renders as nothing. In HTML every value (and
// default) is escaped, so a contact's name can never become markup.
import { AppError } from "../../errors/app-error";
import { escapeHtml } from "../../lib/escape-html";

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)?)\s*(?:\|\s*"((?:[^"\\]|\\.)*)"\s*)?\}\}/g;
const FIELDS = new Set(["first_name", "last_name", "phone", "email"]);

export type TemplateContact = {
  phone: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  attributes: Record<string, string>;
};

/** INVALID_REQUEST naming the field when `text` has a `{{` that is not one of the variables above. */
export function checkTemplateText(field: string, text: string): void {
  const rest = text.replace(VARIABLE, (_all, name: string) => {
    if (!FIELDS.has(name) && !/^attributes\.[A-Za-z0-9_]+$/.test(name))
      throw new AppError("INVALID_REQUEST", {
        message: `${field}: {{${name}}} is not a variable; use first_name, last_name, phone, email or attributes.<name>`,
        context: { field, reason: "unknown_variable" },
      });
    return "";
  });
  // A lone }} is ordinary text (minified CSS in email HTML ends rules with it); a {{ that is not a variable is a typo.
  if (rest.includes("{{"))
    throw new AppError("INVALID_REQUEST", {
      message: `${field}: a {{ that is not a variable, e.g. {{first_name}} or {{first_name | "there"}}`,
      context: { field, reason: "unknown_variable" },
    });
}

export function renderTemplate({
  text,
  contact,
  options = {},
}: {
  text: string;
  contact: TemplateContact;
  options?: { html?: boolean };
}): string {
  return text.replace(VARIABLE, (_all, name: string, fallback: string | undefined) => {
    const value = valueOf(name, contact) || (fallback?.replace(/\\(.)/g, "$1") ?? "");
    return options.html ? escapeHtml(value) : value;
  });
}

function valueOf(name: string, c: TemplateContact): string {
  if (name.startsWith("attributes.")) return c.attributes[name.slice("attributes.".length)] ?? "";
  const fields: Record<string, string | null> = {
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    email: c.email,
  };
  return fields[name] ?? "";
}
