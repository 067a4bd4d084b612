import type { BaseTranslation } from '../i18n-types.js';
import libraries from './libraries.js';
import series from './series.js';
import books from './books.js';
import reader from './reader.js';
import epub from './epub.js';
import tokens from './tokens.js';
import kit from './kit.js';
import jobs from './jobs.js';
import metadata from './metadata.js';
import settings from './settings.js';
import schedules from './schedules.js';
import problems from './problems.js';
import shell from './shell.js';
import shelf from './shelf.js';
import libraryPages from './libraryPages.js';
import metaPages from './metaPages.js';
import users from './users.js';
import seriesCover from './seriesCover.js';
import bookUpload from './bookUpload.js';
import readingLists from './readingLists.js';
import shelves from './shelves.js';
import filters from './filters.js';
import wanted from './wanted.js';
import imports from './imports.js';

const en = {
  appName: 'Shelfmark',
  nav: {
    label: 'Main',
    dashboard: 'Dashboard',
    libraries: 'Libraries',
    series: 'Series',
    books: 'Books',
    jobs: 'Jobs',
    wanted: 'Wanted',
    imports: 'Import',
    metadata: 'Metadata',
    settings: 'Settings',
    tokens: 'API tokens',
    users: 'Users',
    readingLists: 'Reading lists',
    skip: 'Skip to content',
    loadingPage: 'Loading the page…',
  },
  user: {
    menu: 'Account of {name:string}',
    language: 'Language',
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', system: 'System' },
    signOut: 'Sign out',
  },
  languages: { en: 'English', fr: 'Français' },
  authorRoles: {
    writer: 'writer',
    penciller: 'penciller',
    inker: 'inker',
    colorist: 'colorist',
    letterer: 'letterer',
    cover: 'cover artist',
    editor: 'editor',
    translator: 'translator',
    author: 'author',
  },
  auth: {
    signInTitle: 'Sign in',
    setupTitle: 'Create the administrator account',
    setupIntro: 'No administrator exists yet. Choose the user name and password you will sign in with.',
    username: 'User name',
    password: 'Password',
    passwordHint: 'At least 8 characters.',
    signIn: 'Sign in',
    create: 'Create the account',
    working: 'Please wait…',
    sso: 'Sign in with single sign-on',
    or: 'or with a password',
    ssoErrors: {
      notConfigured: 'Single sign-on is not set up on this server.',
      unreachable: 'The identity provider could not be reached. Try again later, or sign in with a password.',
      denied: 'The identity provider did not sign you in.',
      invalidResponse: 'The identity provider’s answer could not be trusted, so you were not signed in. Try again.',
      noAccount: 'No account here matches your identity provider account. Ask an administrator.',
      disabled: 'This account is disabled.',
    },
  },
  dashboard: {
    title: 'Dashboard',
    libraries: 'Libraries',
    series: 'Series',
    books: 'Books',
    read: 'Read',
    recentlyAdded: 'Recently added',
    continueReading: 'Continue reading',
    runningJobs: 'Running jobs',
    nothingYet: 'Nothing here yet.',
    noJobs: 'No job is running.',
    progress: '{processed:number} of {total:number}',
  },
  errors: {
    offline: 'The server cannot be reached. Check your connection.',
    retry: 'Retry',
    unexpected: 'Something went wrong: {detail:string}',
    field: '{field:string}: {message:string}',
  },
  libraries,
  series,
  books,
  reader,
  epub,
  tokens,
  kit,
  jobs,
  metadata,
  settings,
  schedules,
  problems,
  shell,
  shelf,
  libraryPages,
  metaPages,
  users,
  seriesCover,
  bookUpload,
  readingLists,
  shelves,
  dates: {
    /** The letters of a date's pattern (placeholder and hint), in the order the language writes them. */
    letters: { day: 'dd', month: 'mm', year: 'yyyy' },
    format: 'Format: {pattern:string}',
    formatPartial: 'Format: {pattern:string}, or {monthYear:string}, or {year:string} when only these are known',
  },
  filters,
  wanted,
  imports,
  common: { loading: 'Loading…', close: 'Close', pageTitle: '{page:string} · Shelfmark' },
} satisfies BaseTranslation;

export default en;
