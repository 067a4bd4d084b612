import type { Translation } from '../i18n-types.js';
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

const fr = {
  appName: 'Shelfmark',
  nav: {
    label: 'Principale',
    dashboard: 'Tableau de bord',
    libraries: 'Bibliothèques',
    series: 'Séries',
    books: 'Livres',
    jobs: 'Tâches',
    wanted: 'Recherchés',
    imports: 'Import',
    metadata: 'Métadonnées',
    settings: 'Réglages',
    tokens: 'Jetons d’API',
    users: 'Utilisateurs',
    readingLists: 'Listes de lecture',
    skip: 'Aller au contenu',
    loadingPage: 'Chargement de la page…',
  },
  user: {
    menu: 'Compte de {name}',
    language: 'Langue',
    theme: 'Thème',
    themes: { light: 'Clair', dark: 'Sombre', system: 'Système' },
    signOut: 'Se déconnecter',
  },
  languages: { en: 'English', fr: 'Français' },
  authorRoles: {
    writer: 'scénariste',
    penciller: 'dessinateur',
    inker: 'encreur',
    colorist: 'coloriste',
    letterer: 'lettreur',
    cover: 'couverture',
    editor: 'éditeur',
    translator: 'traducteur',
    author: 'auteur',
  },
  auth: {
    signInTitle: 'Connexion',
    setupTitle: 'Créer le compte administrateur',
    setupIntro:
      'Aucun administrateur n’existe encore. Choisissez le nom d’utilisateur et le mot de passe de connexion.',
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    passwordHint: 'Au moins 8 caractères.',
    signIn: 'Se connecter',
    create: 'Créer le compte',
    working: 'Un instant…',
    sso: 'Se connecter avec l’authentification unique',
    or: 'ou avec un mot de passe',
    ssoErrors: {
      notConfigured: 'L’authentification unique n’est pas configurée sur ce serveur.',
      unreachable:
        'Le fournisseur d’identité est injoignable. Réessayez plus tard, ou connectez-vous avec un mot de passe.',
      denied: 'Le fournisseur d’identité ne vous a pas connecté.',
      invalidResponse:
        'La réponse du fournisseur d’identité n’était pas fiable : vous n’avez pas été connecté. Réessayez.',
      noAccount:
        'Aucun compte ici ne correspond à votre compte du fournisseur d’identité. Demandez à un administrateur.',
      disabled: 'Ce compte est désactivé.',
    },
  },
  dashboard: {
    title: 'Tableau de bord',
    libraries: 'Bibliothèques',
    series: 'Séries',
    books: 'Livres',
    read: 'Lus',
    recentlyAdded: 'Ajoutés récemment',
    continueReading: 'Reprendre la lecture',
    runningJobs: 'Tâches en cours',
    nothingYet: 'Rien pour l’instant.',
    noJobs: 'Aucune tâche en cours.',
    progress: '{processed} sur {total}',
  },
  errors: {
    offline: 'Le serveur est injoignable. Vérifiez votre connexion.',
    retry: 'Réessayer',
    unexpected: 'Une erreur est survenue : {detail}',
    field: '{field} : {message}',
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
    letters: { day: 'jj', month: 'mm', year: 'aaaa' },
    format: 'Format : {pattern}',
    formatPartial: 'Format : {pattern}, ou {monthYear}, ou {year} quand seuls ceux-ci sont connus',
  },
  filters,
  wanted,
  imports,
  common: { loading: 'Chargement…', close: 'Fermer', pageTitle: '{page} · Shelfmark' },
} satisfies Translation;

export default fr;
