import type { Translation } from '../i18n-types.js';

const libraryPages: Translation['libraryPages'] = {
  moreActions: 'Autres actions pour {name}',
  lastScanTitle: 'Dernière analyse : {date}',
  scheduleLabel: 'Analyse planifiée',
  watchLabel: 'Changements dans le dossier',
  scheduleIs: 'Analyse planifiée :',
  watchIs: 'Changements dans le dossier :',
  counts: 'Nombres',
  empty: 'Aucune bibliothèque pour l’instant. Ajoutez le dossier de vos BD ou livres numériques : Shelfmark l’analyse.',
  paging: 'Pages des bibliothèques',
  firstRun: {
    title: 'Ajoutez votre première bibliothèque',
    intro:
      'Choisissez le dossier de vos BD ou livres numériques. Shelfmark l’analyse dès sa création et affiche ses séries à la fin de l’analyse.',
    scanningTitle: 'Analyse de {name}',
    scanningIntro: 'La grille des séries de cette bibliothèque s’ouvre à la fin de l’analyse.',
    openSeries: 'Ouvrir ses séries maintenant',
  },
};

export default libraryPages;
