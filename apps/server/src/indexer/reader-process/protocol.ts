// Messages between the server and its reader processes (see reader-pool.ts). Sent with Node's "advanced"
// serialization, so Buffers cross as bytes and plain objects as structured clones.
import type {
  BookFileErrorKind,
  BookFormat,
  BookInspection,
  Container,
  MeasuredPage,
  PageImage,
} from '../formats/index.js';

/** `container`: what the server sniffed already, so the reader does not read the file's head again. */
export type ReaderRequest =
  | { op: 'inspect'; path: string; format: BookFormat; container?: Container }
  /** Every page's type and size from its image header (formats/page-sizes.ts). */
  | { op: 'pages'; path: string; format: BookFormat; container?: Container }
  /** Writes the cover thumbnail to `output`; answers false when the book has no usable cover. */
  | { op: 'thumbnail'; path: string; format: BookFormat; output: string }
  /** `jpeg`: answer a JPEG whatever the page's own type (OPDS-PSE declares one type for every page of a book). */
  | {
      op: 'page';
      path: string;
      format: BookFormat;
      page: number;
      width?: number;
      jpeg?: boolean;
      container?: Container;
    };

export interface ReaderResults {
  inspect: BookInspection;
  thumbnail: boolean;
  pages: MeasuredPage[];
  page: PageImage;
}

/** An error as it crosses the process boundary: a book's fault (`kind`) or the machine's (`code`, `syscall`). */
export interface ReaderErrorData {
  message: string;
  kind?: BookFileErrorKind;
  code?: string;
  syscall?: string;
}

export interface ReaderTaskMessage {
  id: number;
  request: ReaderRequest;
}

export type ReaderReply =
  | { id: number; ok: true; value: ReaderResults[keyof ReaderResults]; rss: number }
  | { id: number; ok: false; error: ReaderErrorData; rss: number };
