import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 38: an account is linked to an OpenID provider's account by the provider's issuer and `sub`, stored here
 * (unique together; null for accounts never linked, which many may be).
 */
export class Migration20261130110000_user_oidc_subject extends Migration {
  override name = 'Migration20261130110000_user_oidc_subject';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`users\` add column \`oidc_issuer\` text null;`);
    this.addSql(`alter table \`users\` add column \`oidc_subject\` text null;`);
    this.addSql(
      `create unique index \`users_oidc_issuer_oidc_subject_unique\` on \`users\` (\`oidc_issuer\`, \`oidc_subject\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`users_oidc_issuer_oidc_subject_unique\`;`);
    this.addSql(`alter table \`users\` drop column \`oidc_subject\`;`);
    this.addSql(`alter table \`users\` drop column \`oidc_issuer\`;`);
  }
}
