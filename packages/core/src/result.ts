/**
 * A `Result` is how untrusted input is parsed at the edge: either a typed value, or an error with a stable
 * machine-readable code and a message for people that says what was wrong and what is allowed.
 * Exceptions are kept for programmer errors.
 */
export interface Failure<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<C extends string = string> = { readonly ok: false; readonly error: Failure<C> };
export type Result<T, C extends string = string> = Ok<T> | Err<C>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<C extends string>(code: C, message: string): Err<C> {
  return { ok: false, error: { code, message } };
}

export function map<T, U, C extends string>(r: Result<T, C>, f: (value: T) => U): Result<U, C> {
  return r.ok ? ok(f(r.value)) : r;
}

export function andThen<T, U, C extends string, D extends string>(
  r: Result<T, C>,
  f: (value: T) => Result<U, D>,
): Result<U, C | D> {
  return r.ok ? f(r.value) : r;
}

/** The first failure, or all the values in order. */
export function all<T, C extends string>(results: readonly Result<T, C>[]): Result<T[], C> {
  const values: T[] = [];
  for (const r of results) {
    if (!r.ok) return r;
    values.push(r.value);
  }
  return ok(values);
}

/** Prefixes a failure's message with where it happened, keeping its code. */
export function context<T, C extends string>(r: Result<T, C>, where: string): Result<T, C> {
  return r.ok ? r : err(r.error.code, `${where}: ${r.error.message}`);
}

/** For values the program itself produced: a failure here is a bug, so it throws. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new Error(`unwrap on a failure [${r.error.code}]: ${r.error.message}`);
}
