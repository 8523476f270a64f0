// The text of a verification, per locale: "Your {brand} code is 482913. It
// expires in 10 minutes." Digits and the brand's characters are GSM-7, so an
// English message stays one segment; a locale with accents (pt, es) is UCS-2,
// as it would be from any sender.
export const VERIFY_LOCALES = ["en", "fr", "pt", "sw", "es"] as const;
export type VerifyLocale = (typeof VERIFY_LOCALES)[number];

type Template = {
  sms: (brand: string, code: string, minutes: number) => string;
  subject: (brand: string) => string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TEMPLATES: Record<VerifyLocale, Template> = {
  en: {
    sms: (b, c, m) => `Your ${b} code is ${c}. It expires in ${plural(m, "minute", "minutes")}.`,
    subject: (b) => `Your ${b} verification code`,
  },
  fr: {
    sms: (b, c, m) => `Votre code ${b} est ${c}. Il expire dans ${plural(m, "minute", "minutes")}.`,
    subject: (b) => `Votre code de vérification ${b}`,
  },
  pt: {
    sms: (b, c, m) => `O seu código ${b} é ${c}. Expira em ${plural(m, "minuto", "minutos")}.`,
    subject: (b) => `O seu código de verificação ${b}`,
  },
  sw: {
    sms: (b, c, m) => `Msimbo wako wa ${b} ni ${c}. Utaisha baada ya dakika ${m}.`,
    subject: (b) => `Msimbo wako wa uthibitisho wa ${b}`,
  },
  es: {
    sms: (b, c, m) => `Tu código de ${b} es ${c}. Caduca en ${plural(m, "minuto", "minutos")}.`,
    subject: (b) => `Tu código de verificación de ${b}`,
  },
};

/** Whole minutes, rounded down: a message never promises more time than the code has. */
export const ttlMinutes = (ttlSeconds: number) => Math.max(1, Math.floor(ttlSeconds / 60));

export function verifyText(v: { locale: string; brand: string; ttlSeconds: number }, code: string): string {
  return template(v.locale).sms(v.brand, code, ttlMinutes(v.ttlSeconds));
}

export function verifySubject(v: { locale: string; brand: string }): string {
  return template(v.locale).subject(v.brand);
}

function template(locale: string): Template {
  return TEMPLATES[locale as VerifyLocale] ?? TEMPLATES.en;
}
