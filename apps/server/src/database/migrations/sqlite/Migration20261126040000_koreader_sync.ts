import { Migration } from '@mikro-orm/migrations';

/**
 * KOReader sync: each reader's last push per KOReader document, and an index on the partial hash alone so a
 * document finds its books in any library.
 */
export class Migration20261126040000_koreader_sync extends Migration {
  override name = 'Migration20261126040000_koreader_sync';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`koreader_progress\` (\`id\` text not null primary key, \`user_id\` text not null, \`document\` text not null, \`progress\` text not null, \`percentage\` double not null, \`device\` text not null, \`device_id\` text null, \`pushed_at\` datetime not null, constraint \`koreader_progress_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`koreader_progress_user_id_index\` on \`koreader_progress\` (\`user_id\`);`);
    this.addSql(`create index \`koreader_progress_document_index\` on \`koreader_progress\` (\`document\`);`);
    this.addSql(
      `create unique index \`koreader_progress_user_id_document_unique\` on \`koreader_progress\` (\`user_id\`, \`document\`);`,
    );
    this.addSql(`create index \`book_files_partial_hash_index\` on \`book_files\` (\`partial_hash\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`book_files_partial_hash_index\`;`);
    this.addSql(`drop table if exists \`koreader_progress\`;`);
  }
}
