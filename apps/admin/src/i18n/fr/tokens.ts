import type { Translation } from '../i18n-types.js';

const tokens: Translation['tokens'] = {
  title: 'Jetons d’API',
  intro:
    'Les jetons permettent aux applications de lecture et aux scripts d’utiliser Shelfmark sans votre mot de passe. Un jeton révoqué cesse aussitôt de fonctionner.',
  create: {
    title: 'Nouveau jeton',
    name: 'Nom',
    nameHint: 'Là où il servira, par exemple « KOReader sur la liseuse ».',
    scope: 'Accès',
    expires: 'Expire le (facultatif)',
    expiresHint: 'Laissez vide pour un jeton qui n’expire jamais.',
    submit: 'Créer le jeton',
    working: 'Création…',
  },
  scopes: {
    read: 'Lecture : parcourir, télécharger et enregistrer la progression',
    admin: 'Administration : tout, y compris les réglages et les jetons',
  },
  scopeShort: { read: 'Lecture', admin: 'Administration' },
  secret: {
    title: 'Jeton « {name} » créé',
    once: 'Copiez-le maintenant : il n’est affiché que cette fois. Seule une empreinte en est conservée.',
    label: 'Le nouveau jeton',
    copy: 'Copier',
    copied: 'Copié dans le presse-papiers.',
    selected: 'Sélectionné : appuyez sur Ctrl+C (⌘C sur Mac) pour copier.',
    done: 'Je l’ai copié',
  },
  list: {
    title: 'Vos jetons',
    empty: 'Aucun jeton pour l’instant.',
    name: 'Nom',
    scope: 'Accès',
    prefix: 'Commence par',
    created: 'Créé le',
    lastUsed: 'Dernière utilisation',
    expires: 'Expire le',
    never: 'Jamais',
    neverUsed: 'Pas encore utilisé',
    expired: 'Expiré le {date}',
    revoke: 'Révoquer',
    revokeNamed: 'Révoquer {name}',
  },
  revoke: {
    question:
      'Révoquer « {name} » ? Toutes les applications qui l’utilisent sont déconnectées aussitôt ; c’est définitif.',
    confirm: 'Oui, le révoquer',
    cancel: 'Le garder',
    working: 'Révocation…',
    done: 'Jeton « {name} » révoqué.',
  },
  opds: {
    title: 'Applications de lecture (OPDS)',
    intro: 'Ajoutez cette adresse de catalogue dans votre application de lecture :',
    v1: 'KOReader, Panels, Chunky et la plupart des applications (OPDS 1.2)',
    v2: 'Thorium et les autres applications OPDS 2.0',
    hint: 'Quand l’application demande un identifiant, tapez n’importe quel nom d’utilisateur et un jeton comme mot de passe (un jeton de lecture suffit).',
    copy: 'Copier l’adresse',
  },
};

export default tokens;
