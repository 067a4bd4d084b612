/**
 * The few checks config.ts makes on environment variables. They were zod schemas; zod was the only reason the server
 * loaded zod, whose ~95 modules (64 of them locales) held ~3.4 MB of the server's heap for as long as it ran.
 *
 * A check gets the variable's value (undefined when unset and without default) and returns what the configuration
 * keeps, or throws InvalidValue with the message shown after the variable's name.
 */
export class InvalidValue extends Error {}

export type Check<T> = (input: string | undefined) => T;

/** Absent stays undefined; a present value goes through the check. */
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (input) =>
    input === undefined ? undefined : check(input);

function present(input: string | undefined): string {
  if (input === undefined) throw new InvalidValue('must be set');
  return input;
}

export interface NumberRule {
  min: number;
  max?: number;
  integer?: boolean;
  /** The message of a value out of range. */
  range: string;
}

/** A number written in decimal (as JavaScript's Number() reads it): finite, whole when asked, within the range. */
export const number =
  (rule: NumberRule): Check<number> =>
  (input) => {
    const value = Number(present(input));
    if (!Number.isFinite(value)) throw new InvalidValue('must be a number');
    if (rule.integer && !Number.isInteger(value)) throw new InvalidValue('must be a whole number');
    if (value < rule.min || (rule.max !== undefined && value > rule.max)) throw new InvalidValue(rule.range);
    return value;
  };

export interface TextRule {
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** What the value must look like, when it does not match the pattern. */
  patternMessage?: string;
}

/** A string of a bounded length (UTF-16 code units, as String.length counts), matching a pattern when given. */
export const text =
  (rule: TextRule = {}): Check<string> =>
  (input) => {
    const value = present(input);
    if (rule.min !== undefined && value.length < rule.min) {
      throw new InvalidValue(rule.min === 1 ? 'must not be empty' : `must be at least ${rule.min} characters long`);
    }
    if (rule.max !== undefined && value.length > rule.max) {
      throw new InvalidValue(`must be at most ${rule.max} characters long`);
    }
    if (rule.pattern && !rule.pattern.test(value)) throw new InvalidValue(rule.patternMessage ?? 'is invalid');
    return value;
  };

/** One of a fixed list of words, exactly as written. */
export const oneOf =
  <const W extends readonly string[]>(words: W): Check<W[number]> =>
  (input) => {
    const value = present(input);
    if (!words.includes(value)) throw new InvalidValue(`must be one of ${words.join(', ')}`);
    return value;
  };
