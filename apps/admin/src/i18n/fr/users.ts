import type { Translation } from '../i18n-types.js';

const users: Translation['users'] = {
  title: 'Utilisateurs',
  intro:
    'Toutes les personnes qui lisent sur ce serveur. Un lecteur parcourt et lit les bibliothèques qui lui sont ouvertes, avec sa propre progression et ses jetons ; un administrateur gère tout.',
  roles: { admin: 'Administrateur', reader: 'Lecteur' },
  roleHelp: {
    admin: 'Administrateur : toutes les bibliothèques, les réglages, les tâches, les métadonnées et les utilisateurs',
    reader: 'Lecteur : parcourt et lit les bibliothèques choisies ci-dessous',
  },
  list: {
    title: 'Comptes',
    name: 'Nom d’utilisateur',
    role: 'Rôle',
    libraries: 'Bibliothèques',
    state: 'État',
    created: 'Créé le',
    actions: 'Actions',
    allLibraries: 'Toutes les bibliothèques',
    noLibrary: 'Aucune bibliothèque',
    enabled: 'Actif',
    disabled: 'Désactivé',
    you: 'vous',
    empty: 'Aucun utilisateur.',
    actionsFor: 'Actions pour {name}',
  },
  create: {
    title: 'Nouvel utilisateur',
    username: 'Nom d’utilisateur',
    email: 'Adresse e-mail',
    emailHint:
      'Facultative. L’authentification unique relie un compte par cette adresse exacte quand le fournisseur la dit vérifiée.',
    password: 'Mot de passe',
    passwordHint: 'Au moins 8 caractères. Communiquez-le : la personne pourra le changer une fois connectée.',
    role: 'Rôle',
    libraries: 'Bibliothèques visibles',
    librariesHint:
      'Une bibliothèque créée plus tard n’est visible que des administrateurs tant qu’elle n’est pas ouverte ici.',
    noLibraries: 'Aucune bibliothèque pour l’instant.',
    submit: 'Créer l’utilisateur',
    working: 'Création…',
    done: 'Utilisateur « {name} » créé.',
  },
  edit: {
    action: 'Modifier',
    title: 'Modifier « {name} »',
    save: 'Enregistrer',
    working: 'Enregistrement…',
    cancel: 'Annuler',
    done: '« {name} » enregistré.',
  },
  restrictions: {
    title: 'Ce qu’il peut voir dans ces bibliothèques',
    ageMax: 'Classification d’âge maximale',
    anyAge: 'Tout âge',
    age: '{age}+',
    ageHint: 'Un livre classé au-dessus est masqué, ainsi qu’une série dont le livre le mieux classé l’est.',
    allowUnrated: 'Montrer les livres sans classification d’âge',
    labelsInclude: 'Seulement les séries étiquetées',
    labelsExclude: 'Jamais les séries étiquetées',
    labelsHint:
      'Noms d’étiquettes, séparés par des virgules ; les étiquettes se posent sur les séries depuis leur fenêtre de modification ou la barre de sélection.',
  },
  password: {
    action: 'Réinitialiser le mot de passe',
    title: 'Nouveau mot de passe pour « {name} »',
    intro:
      'Ses sessions se terminent et ses jetons cessent aussitôt de fonctionner ; une application de lecture qui avait retenu l’ancien mot de passe devra recevoir le nouveau.',
    field: 'Nouveau mot de passe',
    save: 'Définir le mot de passe',
    working: 'Enregistrement…',
    done: 'Mot de passe de « {name} » changé.',
  },
  disable: {
    action: 'Désactiver',
    enable: 'Réactiver',
    disabledDone: '« {name} » désactivé : déconnecté partout.',
    enabledDone: '« {name} » réactivé.',
  },
  remove: {
    action: 'Supprimer',
    title: 'Supprimer « {name} » ?',
    lost: 'Son compte, sa progression de lecture et ses jetons d’API sont supprimés ; les livres et les bibliothèques restent. C’est définitif.',
    confirm: 'Oui, supprimer l’utilisateur',
    cancel: 'Garder l’utilisateur',
    working: 'Suppression…',
    done: 'Utilisateur « {name} » supprimé.',
  },
  lastAdmin:
    'Le seul administrateur ne peut être ni supprimé, ni désactivé, ni devenir lecteur : nommez d’abord un autre administrateur.',
  self: 'C’est vous : changez votre mot de passe depuis le menu du compte.',
  account: {
    changePassword: 'Changer de mot de passe',
    title: 'Changer votre mot de passe',
    intro:
      'Vos autres sessions se terminent et les applications de lecture qui avaient retenu votre mot de passe devront recevoir le nouveau. Vos jetons d’API continuent de fonctionner.',
    current: 'Mot de passe actuel',
    next: 'Nouveau mot de passe',
    confirm: 'Nouveau mot de passe, à nouveau',
    mismatch: 'Les deux nouveaux mots de passe diffèrent.',
    save: 'Changer le mot de passe',
    working: 'Changement…',
    cancel: 'Annuler',
    done: 'Votre mot de passe est changé.',
  },
  unavailable: {
    title: 'Page non disponible',
    message: 'Cette page est réservée aux administrateurs. Demandez à l’un d’eux si quelque chose doit y changer.',
    back: 'Retour au tableau de bord',
  },
  readerEmpty: {
    title: 'Aucune bibliothèque ne vous est encore ouverte',
    message: 'Un administrateur choisit les bibliothèques de chaque lecteur : demandez-lui de vous en ouvrir une.',
  },
  owner: 'Propriétaire',
  allTokens: {
    title: 'Les jetons de tous',
    intro:
      'En tant qu’administrateur, vous voyez les jetons de chaque utilisateur et pouvez révoquer n’importe lequel.',
  },
};

export default users;
