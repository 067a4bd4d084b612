// The users page, the account's password and what a reader may not open (English, the base locale: fr/users.ts must
// have the same keys).
const users = {
  title: 'Users',
  intro:
    'Everyone who reads from this server. A reader browses and reads the libraries granted to them, with their own progress and tokens; an administrator manages everything.',
  roles: { admin: 'Administrator', reader: 'Reader' },
  roleHelp: {
    admin: 'Administrator: every library, settings, jobs, metadata and users',
    reader: 'Reader: browses and reads the libraries chosen below',
  },
  list: {
    title: 'Accounts',
    name: 'User name',
    role: 'Role',
    libraries: 'Libraries',
    state: 'State',
    created: 'Created',
    actions: 'Actions',
    allLibraries: 'All libraries',
    noLibrary: 'No library',
    enabled: 'Active',
    disabled: 'Disabled',
    you: 'you',
    empty: 'No user yet.',
    actionsFor: 'Actions for {name:string}',
  },
  create: {
    title: 'New user',
    username: 'User name',
    password: 'Password',
    passwordHint: 'At least 8 characters. Tell it to them: they can change it once signed in.',
    role: 'Role',
    libraries: 'Libraries they may see',
    librariesHint: 'A library created later is seen by administrators only until it is granted here.',
    noLibraries: 'No library exists yet.',
    submit: 'Create the user',
    working: 'Creating…',
    done: 'User “{name:string}” created.',
  },
  edit: {
    action: 'Edit',
    title: 'Edit “{name:string}”',
    save: 'Save',
    working: 'Saving…',
    cancel: 'Cancel',
    done: '“{name:string}” saved.',
  },
  restrictions: {
    title: 'What they may see in those libraries',
    ageMax: 'Highest age rating',
    anyAge: 'Any age',
    age: '{age:number}+',
    ageHint: 'A book rated above it is hidden, and a series whose highest-rated book is.',
    allowUnrated: 'Show books with no age rating',
    labelsInclude: 'Only series labelled',
    labelsExclude: 'Never series labelled',
    labelsHint:
      'Label names, separated by commas; labels are put on series from their edit dialog or the selection bar.',
  },
  password: {
    action: 'Reset the password',
    title: 'New password for “{name:string}”',
    intro:
      'Their sessions end and their tokens stop working at once; any reading app that remembered the old password must be given the new one.',
    field: 'New password',
    save: 'Set the password',
    working: 'Setting…',
    done: 'Password of “{name:string}” changed.',
  },
  disable: {
    action: 'Disable',
    enable: 'Enable',
    disabledDone: '“{name:string}” disabled: signed out everywhere.',
    enabledDone: '“{name:string}” enabled.',
  },
  remove: {
    action: 'Delete',
    title: 'Delete “{name:string}”?',
    lost: 'Their account, reading progress and API tokens are deleted; the books and libraries stay. This cannot be undone.',
    confirm: 'Yes, delete the user',
    cancel: 'Keep the user',
    working: 'Deleting…',
    done: 'User “{name:string}” deleted.',
  },
  lastAdmin:
    'The only administrator cannot be deleted, disabled or made a reader: make another user an administrator first.',
  self: 'This is you: change your own password from the account menu.',
  account: {
    changePassword: 'Change password',
    title: 'Change your password',
    intro:
      'Your other sessions end and reading apps that remembered your password must be given the new one. Your API tokens keep working.',
    current: 'Current password',
    next: 'New password',
    confirm: 'New password again',
    mismatch: 'The two new passwords differ.',
    save: 'Change the password',
    working: 'Changing…',
    cancel: 'Cancel',
    done: 'Your password is changed.',
  },
  unavailable: {
    title: 'Not available',
    message: 'This page is for administrators. Ask one if you need something changed here.',
    back: 'Back to the dashboard',
  },
  readerEmpty: {
    title: 'No library shared with you yet',
    message: 'An administrator chooses the libraries each reader sees: ask one to open a library to you.',
  },
  owner: 'Owner',
  allTokens: {
    title: 'Everyone’s tokens',
    intro: 'As an administrator you see the tokens of every user, and may revoke any of them.',
  },
};

export default users;
