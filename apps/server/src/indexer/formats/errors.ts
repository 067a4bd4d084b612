export type BookFileErrorKind =
  'corrupt' | 'encrypted' | 'unsupported' | 'too_large' | 'empty' | 'not_found' | 'timeout';

/** A problem with the book file itself, as opposed to the machine (permissions, fd exhaustion), which is rethrown as is. */
export class BookFileError extends Error {
  override readonly name = 'BookFileError';

  constructor(
    readonly kind: BookFileErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Maps whatever a parser threw to a BookFileError. Errors from the file system that are not about the file's absence
 * (EACCES, EMFILE, EIO…) pass through unchanged: they say nothing about the book, and the caller may retry them.
 */
export function toBookFileError(err: unknown, what: string, signal?: AbortSignal): unknown {
  if (err instanceof BookFileError) return err;
  if (signal?.aborted && err === signal.reason) return err;
  if (err instanceof Error && err.name === 'AbortError') return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new BookFileError('not_found', `${what}: file not found`);
  if ((err as NodeJS.ErrnoException | null)?.syscall !== undefined) return err;
  return new BookFileError('corrupt', `${what}: ${messageOf(err)}`, { cause: err });
}
