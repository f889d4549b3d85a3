/** A rule a command broke. Routes map `kind` to an HTTP status; `message` is Korean and shown to people. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly errors: Record<string, string> | undefined;
  constructor(kind: DomainErrorKind, message: string, errors?: Record<string, string>) {
    super(message);
    this.kind = kind;
    this.errors = errors;
  }
}
