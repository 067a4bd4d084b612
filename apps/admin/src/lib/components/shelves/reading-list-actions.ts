/** What a reading list's page offers its viewer, from the list as the contract gives it. */
export interface ListFacts {
  mine: boolean;
  imported: boolean;
}

/**
 * Sharing is an administrator's operation, offered on their own lists only: the server also lets an admin unshare a
 * list shared by another, but the page that shows another's list is theirs to read, not to manage.
 */
export function offersSharing(list: ListFacts, admin: boolean): boolean {
  return admin && list.mine;
}

/** The import report exists only for a list made by a `.cbl` import, and only its owner reads it. */
export function offersReport(list: ListFacts): boolean {
  return list.mine && list.imported;
}
