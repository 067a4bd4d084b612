import type { Translation } from '../i18n-types.js';

const imports: Translation['imports'] = {
  title: 'Import',
  intro:
    'Les fichiers arrivés dans les dossiers d’import ou envoyés, qu’aucune correspondance sûre n’a classés d’elle-même : choisissez leur série et leur numéro, ou ignorez-les.',
  queue: 'En attente',
  history: 'Historique',
  empty: 'Rien n’attend : chaque arrivée a trouvé sa série.',
  historyEmpty: 'Rien n’a encore été importé.',
  columns: {
    file: 'Fichier',
    series: 'Série',
    volume: 'Numéro',
    actions: 'Actions',
    target: 'Placé sous',
    how: 'Comment',
    when: 'Quand',
  },
  suggestion: '{series} ({confidence} %)',
  noSuggestion: 'Aucune suggestion',
  seriesFor: 'Série de {file}',
  volumeFor: 'Numéro de {file}',
  replace: 'Remplacer le tome que la série possède (mise à niveau)',
  import: 'Importer',
  ignore: 'Ignorer',
  undo: 'Annuler',
  undone: 'Annulé',
  upgraded: 'Mise à niveau',
  hows: { hardlink: 'Lien physique', copy: 'Copie', move: 'Déplacement' },
  failures: {
    duplicate: 'La série possède déjà ce tome.',
    'import-off': 'Sa bibliothèque n’est pas ouverte aux imports.',
    'read-only': 'Le dossier de la bibliothèque n’accepte pas d’écriture.',
    'no-space': 'Le disque de la bibliothèque est plein.',
    'target-exists': 'Un autre fichier porte déjà son nom.',
    'source-missing': 'Le fichier a disparu.',
    'outside-root': 'La cible serait hors de la bibliothèque.',
    'series-missing': 'La série a disparu.',
    'number-missing': 'Aucun numéro n’a été lu.',
    'format-changed': 'Une mise à niveau doit garder le format du fichier.',
    failed: 'Le fichier n’a pas pu être placé.',
  },
  imported: '{file} a été importé.',
};

export default imports;
