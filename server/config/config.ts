// The deployment's configuration: every environment variable Kasa reads,
// parsed once by one zod schema into typed values (settings-*.ts). Each
// process parses it when it starts (loadConfig: web, worker, CLI, the Next
// thread, `next start`), so a bad value stops it before it listens, with one
// line naming the variable, the value and the form it wants. Modules read
// config(), never process.env.
import { z } from "zod";
import { PROCESS_SETTINGS } from "./settings-process";
import { CHANNEL_SETTINGS } from "./settings-channels";
import { carrierConfigs, CarrierSettingError, type CarrierConfig } from "./sms-carriers";
import type { Setting } from "./setting-kinds";

export const SETTINGS = { ...PROCESS_SETTINGS, ...CHANNEL_SETTINGS };
export type SettingName = keyof typeof SETTINGS;
type Parsed = { [K in SettingName]: (typeof SETTINGS)[K] extends Setting<infer T> ? T : never };
/** The typed configuration: every setting, and the live SMS carriers read from them. */
export type Config = Readonly<Parsed & { carriers: CarrierConfig[] }>;
/** Settings as the environment gives them: text, or absent. */
export type RawSettings = Partial<Record<SettingName, string | undefined>>;

/** Settings that only mean something together: both or neither. */
const PAIRS: [SettingName, SettingName][] = [
  ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"],
  ["RELOADLY_CLIENT_ID", "RELOADLY_CLIENT_SECRET"],
  ["KASA_SUBMISSION_TLS_CERT", "KASA_SUBMISSION_TLS_KEY"],
];

const SCHEMA = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.schema])) as {
    [K in SettingName]: (typeof SETTINGS)[K]["schema"];
  },
);

/** A setting that cannot be read: its name, the value it got (hidden for secrets) and the form it wants. */
export class ConfigError extends Error {
  /** `problem`: what is wrong, when more than its form (a carrier URL that is not one, a pair half set). */
  constructor(
    readonly setting: string,
    readonly shown: string,
    wants: string,
    problem?: string,
  ) {
    super(`${setting}=${shown} is not valid: ${problem ?? `expected ${wants}`}`);
  }
}

/** Parses settings; throws ConfigError for the first bad one. */
export function parseConfig(raw: RawSettings): Config {
  const result = SCHEMA.safeParse(raw);
  if (!result.success) {
    const name = String(result.error.issues[0]!.path[0]) as SettingName;
    throw new ConfigError(name, shown(name, raw[name]), SETTINGS[name].form);
  }
  const parsed = result.data as Parsed;
  for (const [a, b] of PAIRS)
    if ((parsed[a] === undefined) !== (parsed[b] === undefined))
      throw new ConfigError(
        parsed[a] === undefined ? a : b,
        "(unset)",
        SETTINGS[a].form,
        `it goes with ${parsed[a] === undefined ? b : a}: set both, or neither`,
      );
  try {
    return Object.freeze({ ...parsed, carriers: carrierConfigs(parsed) });
  } catch (error) {
    if (!(error instanceof CarrierSettingError)) throw error;
    const name = error.setting;
    throw new ConfigError(name, shown(name, raw[name]), SETTINGS[name].form, error.message);
  }
}

function shown(name: SettingName, value: string | undefined): string {
  if (value === undefined) return "(unset)";
  if (SETTINGS[name].secret) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(value);
}

// One per isolate, also when Next's bundle and the front each load this file (`npm run dev`, `next start`'s
// instrumentation beside its routes): every copy must read the same settings.
type State = { overrides: RawSettings; value?: Config };
const holder = globalThis as unknown as { kasaConfig?: State };
const state: State = (holder.kasaConfig ??= { overrides: {} });

function environment(): RawSettings {
  const raw: RawSettings = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) raw[name] = process.env[name];
  return { ...raw, ...state.overrides };
}

/** The configuration (parsed at the first call when no entry point loaded it). */
export function config(): Config {
  return (state.value ??= parseConfig(environment()));
}

/**
 * An entry point's first step: parse the configuration, or write one line naming the bad setting to stderr and
 * exit 1, before anything listens. `defaults`: what this process assumes when a setting is unset (`npm run dev`
 * turns the sandbox checkout on).
 */
export function loadConfig(defaults: RawSettings = {}): Config {
  for (const [name, value] of Object.entries(defaults) as [SettingName, string][])
    if (process.env[name] === undefined && !(name in state.overrides)) state.overrides[name] = value;
  try {
    state.value = parseConfig(environment());
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`kasa: configuration: ${error.message}\n`);
    process.exit(1);
  }
  return state.value;
}

/**
 * Replaces some settings for the rest of this process (and the processes and threads it starts, through
 * childEnv): the embedded database's address once it runs, or a test's settings. `undefined` unsets one.
 * Returns what to call to put the previous settings back.
 */
export function configure(settings: RawSettings): () => void {
  const previous = { overrides: state.overrides, value: state.value };
  const overrides = { ...state.overrides, ...settings };
  state.value = parseConfig({ ...environment(), ...overrides });
  state.overrides = overrides;
  return () => {
    state.overrides = previous.overrides;
    state.value = previous.value;
  };
}

/** The environment for a child process or thread: this one's, with the settings configure() changed. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(state.overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return { ...env, ...extra };
}
