// Messages between the server and its reader processes (see reader-pool.ts). Sent with Node's "advanced"
// serialization, so Buffers cross as bytes and plain objects as structured clones.
import {
  BookFileError,
  type BookFileErrorKind,
  type BookFormat,
  type BookInspection,
  type Container,
  type EmbeddedMetadata,
  type MeasuredPage,
  type PageImage,
} from '../formats/index.js';

/** `container`: what the server sniffed already, so the reader does not read the file's head again. */
export type ReaderRequest =
  | { op: 'inspect'; path: string; format: BookFormat; container?: Container }
  /** Only what the file's metadata entry says (formats/embedded-metadata.ts): no page is listed or read. */
  | { op: 'metadata'; path: string; format: BookFormat; container?: Container }
  /** Every page's type and size from its image header (formats/page-sizes.ts). */
  | { op: 'pages'; path: string; format: BookFormat; container?: Container }
  /** Writes the cover thumbnail to `output`; answers false when the book has no usable cover. */
  | { op: 'thumbnail'; path: string; format: BookFormat; output: string; container?: Container }
  /** `jpeg`: answer a JPEG whatever the page's own type (OPDS-PSE declares one type for every page of a book). */
  | {
      op: 'page';
      path: string;
      format: BookFormat;
      page: number;
      width?: number;
      jpeg?: boolean;
      container?: Container;
    }
  /** A metadata provider's cover, already sniffed as an image: decoded and written again as a small JPEG. */
  | { op: 'cover'; data: Uint8Array }
  /**
   * An image an administrator uploaded (a staged file the server named): checked to be a JPEG, PNG or WebP within
   * the pixel limit, and written to `output` as a thumbnail like a book's. Answers the format it was.
   */
  | { op: 'uploadedCover'; path: string; output: string };

export interface ReaderResults {
  inspect: BookInspection;
  metadata: EmbeddedMetadata;
  thumbnail: boolean;
  pages: MeasuredPage[];
  page: PageImage;
  cover: Buffer;
  uploadedCover: UploadedImageFormat;
}

export type UploadedImageFormat = 'jpeg' | 'png' | 'webp';

/** An error as it crosses the process boundary: a book's fault (`kind`) or the machine's (`code`, `syscall`). */
export interface ReaderErrorData {
  message: string;
  kind?: BookFileErrorKind;
  code?: string;
  syscall?: string;
}

/** An error as it is sent across (also by the analysis thread, see analysis-thread.ts). */
export function errorData(error: unknown): ReaderErrorData {
  if (error instanceof BookFileError) return { kind: error.kind, message: error.message };
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof syscall === 'string' ? { syscall } : {}),
  };
}

/** The error again on this side: a BookFileError of the same kind, or an Error with the same code and syscall. */
export function errorFromData(data: ReaderErrorData): Error {
  if (data.kind) return new BookFileError(data.kind, data.message);
  const error: NodeJS.ErrnoException = new Error(data.message);
  if (data.code) error.code = data.code;
  if (data.syscall) error.syscall = data.syscall;
  return error;
}

export interface ReaderTaskMessage {
  id: number;
  request: ReaderRequest;
}

export type ReaderReply =
  | { id: number; ok: true; value: ReaderResults[keyof ReaderResults]; rss: number }
  | { id: number; ok: false; error: ReaderErrorData; rss: number };
