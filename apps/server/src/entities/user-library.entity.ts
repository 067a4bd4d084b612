import { defineEntity, p } from '@mikro-orm/core';
import { Library } from './library.entity.js';
import { User } from './user.entity.js';

/** A library granted to a user: what a reader may see (an admin sees every library whatever is granted). */
export const UserLibrarySchema = defineEntity({
  name: 'UserLibrary',
  tableName: 'user_libraries',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    // Indexed on its own so deleting a library finds its grants without scanning.
    library: () => p.manyToOne(Library).primary().deleteRule('cascade').index(),
  },
});
export class UserLibrary extends UserLibrarySchema.class {}
UserLibrarySchema.setClass(UserLibrary);
