import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { BookFormat } from '../entities/book.entity.js';
import { KoreaderProgress } from '../entities/koreader-progress.entity.js';
import type { KosyncPush, KosyncRecord } from '../domain/kosync.js';
import { readerRestrictions, type ReaderRestrictions } from '../domain/reader-restrictions.js';
import { toNullableNumber, toStringList } from './sql-values.js';

/** A KOReader push waiting for a file that a scan just found, with the book now holding it. */
export interface WaitingPush {
  userId: string;
  record: KosyncRecord;
  bookId: string;
  libraryId: string;
  format: BookFormat;
  pageCount: number | null;
  /**
   * The reader's restrictions (age rating, labels), for the caller to judge the book by as that reader's viewer
   * (library-access.ts decides; their SQL is not repeated here); null for an admin or a reader without any.
   */
  restrictions: ReaderRestrictions | null;
}

const toRecord = (row: KoreaderProgress): KosyncRecord => ({
  document: row.document,
  progress: row.progress,
  percentage: Number(row.percentage),
  device: row.device,
  deviceId: row.deviceId ?? null,
  pushedAt: row.pushedAt,
});

export class KoreaderProgressRepository {
  constructor(private readonly em: EntityManager) {}

  async find(userId: string, document: string): Promise<KosyncRecord | null> {
    const row = await this.em.fork().findOne(KoreaderProgress, { user: userId, document });
    return row ? toRecord(row) : null;
  }

  /** One row per reader and document: a newer push replaces the older, whichever device sent it. */
  async save(userId: string, push: KosyncPush, pushedAt: Date): Promise<void> {
    const fields = {
      progress: push.progress,
      percentage: push.percentage,
      device: push.device,
      deviceId: push.deviceId,
      pushedAt,
    };
    await this.em
      .createQueryBuilder(KoreaderProgress)
      .insert({ id: randomUUID(), user: userId, document: push.document, ...fields })
      .onConflict(['user', 'document'])
      .merge(fields)
      .execute();
  }

  /**
   * Pushes whose document is the partial hash of a file of `libraryId` added to the library after the push (a
   * scan found it later), with that file's book: only pushes of enabled users who may see that library (an admin,
   * or a reader granted it), decided here in the one query rather than user by user.
   */
  async waitingFor(libraryId: string): Promise<WaitingPush[]> {
    const rows = await this.em.execute<
      {
        user_id: string;
        document: string;
        progress: string;
        percentage: number;
        device: string;
        device_id: string | null;
        pushed_at: Date | string | number;
        book_id: string;
        format: BookFormat;
        page_count: number | null;
        role: string;
        age_max: number | string | null;
        allow_unrated: boolean | number | null;
        labels_include: string[] | string | null;
        labels_exclude: string[] | string | null;
      }[]
    >(
      `select k.user_id, k.document, k.progress, k.percentage, k.device, k.device_id, k.pushed_at,
              f.book_id, b.format, b.page_count,
              u.role, u.age_max, u.allow_unrated, u.labels_include, u.labels_exclude
         from book_files f
         join koreader_progress k on k.document = f.partial_hash
         join books b on b.id = f.book_id
         join users u on u.id = k.user_id
        where f.library_id = ? and f.created_at > k.pushed_at and u.disabled = false
          and (u.role = 'admin'
               or exists (select 1 from user_libraries ul where ul.user_id = u.id and ul.library_id = f.library_id))`,
      [libraryId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      record: {
        document: row.document,
        progress: row.progress,
        percentage: Number(row.percentage),
        device: row.device,
        deviceId: row.device_id,
        pushedAt: new Date(row.pushed_at),
      },
      bookId: row.book_id,
      libraryId,
      format: row.format,
      pageCount: row.page_count,
      restrictions:
        row.role === 'reader'
          ? readerRestrictions({
              ageMax: toNullableNumber(row.age_max),
              allowUnrated: row.allow_unrated === null ? true : Boolean(row.allow_unrated),
              labelsInclude: toStringList(row.labels_include ?? []),
              labelsExclude: toStringList(row.labels_exclude ?? []),
            })
          : null,
    }));
  }
}
