import type { EntityManager } from '@mikro-orm/sql';
import type { TokenScope } from '../entities/api-token.entity.js';
import type { UserRole } from '../entities/user.entity.js';
import { readerRestrictions, type ReaderRestrictions } from '../domain/reader-restrictions.js';
import { toDate, toNullableNumber, toStringList } from './sql-values.js';

/** The account a credential acts for, as authentication needs it. */
export interface CredentialOwner {
  id: string;
  username: string;
  role: UserRole;
  disabled: boolean;
  /** The libraries granted; read only for readers (an admin sees every library). */
  libraryIds: string[];
  /** When what the user may see last changed (epoch ms; null if never): catalog dates are later (ADR 15). */
  accessChangedAt: number | null;
  /** What the user may see inside their libraries as a reader (age rating, labels); null: no restriction. */
  restrictions: ReaderRestrictions | null;
}

export interface TokenCredential {
  id: string;
  tokenHash: string;
  scope: TokenScope;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  /** Null for a token the bootstrap token made before any user existed. */
  owner: CredentialOwner | null;
}

export interface SessionCredential {
  id: string;
  lastSeenAt: Date;
  owner: CredentialOwner;
}

interface OwnerRow {
  owner_id: string | null;
  owner_username: string | null;
  owner_role: UserRole | null;
  owner_disabled: boolean | number | null;
  owner_access_changed_at: Date | number | string | null;
  owner_age_max: number | string | null;
  owner_allow_unrated: boolean | number | null;
  owner_labels_include: string[] | string | null;
  owner_labels_exclude: string[] | string | null;
  library_id: string | null;
}

// The owner and, for a reader, one row per granted library: a credential is checked with one query whatever it is.
const OWNER_COLUMNS = `u.id as owner_id, u.username as owner_username, u.role as owner_role,
  u.disabled as owner_disabled, u.access_changed_at as owner_access_changed_at, u.age_max as owner_age_max,
  u.allow_unrated as owner_allow_unrated, u.labels_include as owner_labels_include,
  u.labels_exclude as owner_labels_exclude, ul.library_id`;
const OWNER_JOINS = `left join user_libraries ul on ul.user_id = u.id and u.role = 'reader'`;

function ownerOf(rows: readonly OwnerRow[]): CredentialOwner | null {
  const first = rows[0];
  if (!first?.owner_id) return null;
  return {
    id: first.owner_id,
    username: first.owner_username!,
    role: first.owner_role!,
    disabled: Boolean(first.owner_disabled),
    libraryIds: rows.flatMap((row) => (row.library_id ? [row.library_id] : [])),
    accessChangedAt: first.owner_access_changed_at === null ? null : toDate(first.owner_access_changed_at).getTime(),
    restrictions: readerRestrictions({
      ageMax: toNullableNumber(first.owner_age_max),
      allowUnrated: first.owner_allow_unrated === null ? true : Boolean(first.owner_allow_unrated),
      labelsInclude: toStringList(first.owner_labels_include ?? []),
      labelsExclude: toStringList(first.owner_labels_exclude ?? []),
    }),
  };
}

/** Reads what a request's credential (API token or session) stands for. */
export class CredentialRepository {
  constructor(private readonly em: EntityManager) {}

  async tokenByPrefix(prefix: string): Promise<TokenCredential | null> {
    const rows = await this.em.execute<
      (OwnerRow & {
        id: string;
        token_hash: string;
        scope: TokenScope;
        expires_at: Date | number | string | null;
        last_used_at: Date | number | string | null;
      })[]
    >(
      `select t.id, t.token_hash, t.scope, t.expires_at, t.last_used_at, ${OWNER_COLUMNS}
       from api_tokens t left join users u on u.id = t.user_id ${OWNER_JOINS}
       where t.prefix = ?`,
      [prefix],
    );
    const first = rows[0];
    if (!first) return null;
    return {
      id: first.id,
      tokenHash: first.token_hash,
      scope: first.scope,
      expiresAt: first.expires_at === null ? null : toDate(first.expires_at),
      lastUsedAt: first.last_used_at === null ? null : toDate(first.last_used_at),
      owner: ownerOf(rows),
    };
  }

  /** A user as a remembered Basic password acts for, with the moment their credentials last changed. */
  async userById(userId: string): Promise<(CredentialOwner & { credentialsChangedAt: Date | null }) | null> {
    const rows = await this.em.execute<(OwnerRow & { credentials_changed_at: Date | number | string | null })[]>(
      `select u.credentials_changed_at, ${OWNER_COLUMNS} from users u ${OWNER_JOINS} where u.id = ?`,
      [userId],
    );
    const owner = ownerOf(rows);
    if (!owner) return null;
    const changed = rows[0]!.credentials_changed_at;
    return { ...owner, credentialsChangedAt: changed === null ? null : toDate(changed) };
  }

  async liveSession(tokenHash: string, now: Date): Promise<SessionCredential | null> {
    type Row = OwnerRow & { id: string; last_seen_at: Date | number | string; expires_at: Date | number | string };
    // Expiry is compared here: a bound Date reads differently on each driver (epoch ms on SQLite).
    const rows = await this.em.execute<Row[]>(
      `select s.id, s.last_seen_at, s.expires_at, ${OWNER_COLUMNS}
       from sessions s join users u on u.id = s.user_id ${OWNER_JOINS}
       where s.token_hash = ?`,
      [tokenHash],
    );
    const owner = ownerOf(rows);
    if (!rows[0] || !owner || toDate(rows[0].expires_at).getTime() <= now.getTime()) return null;
    return { id: rows[0].id, lastSeenAt: toDate(rows[0].last_seen_at), owner };
  }
}
