import type { Translation } from '../i18n-types.js';

const reader: Translation['reader'] = {
  title: '{title} (lecteur)',
  close: 'Fermer',
  closeLabel: 'Fermer le lecteur et revenir au livre',
  counter: '{page} / {total}',
  slider: 'Aller à la page',
  previous: 'Page précédente',
  next: 'Page suivante',
  fit: 'Ajuster la page à la',
  fitWidth: 'Largeur',
  fitHeight: 'Hauteur',
  pageAlt: 'Page {page} sur {total}',
  pageError: 'La page {page} n’a pas pu être chargée.',
  retry: 'Réessayer',
  help: 'Tournez les pages avec les flèches, Page précédente et Page suivante ou Espace, en touchant le tiers gauche ou droit de la page, ou en balayant. Échap ferme le lecteur.',
  epub: 'Les livres EPUB ne s’affichent pas dans le lecteur web : téléchargez le fichier et ouvrez-le dans une application de lecture.',
  download: 'Télécharger le fichier',
  notAnalysed: 'Ce livre n’a pas encore été analysé : ses pages ne sont pas connues. Réessayez après l’analyse.',
  unreadable: 'L’analyse n’a pas pu lire ce fichier : {error}',
  finished: 'Dernière page : marqué comme lu.',
  saveFailed: 'Votre progression n’a pas pu être enregistrée : {message}',
  backToBook: 'Revenir au livre',
};

export default reader;
