import type { Translation } from '../i18n-types.js';

const schedules: Translation['schedules'] = {
  words: {
    manual: 'Manuellement seulement',
    hourly: 'Toutes les heures',
    every_6h: 'Toutes les 6 heures',
    daily: 'Tous les jours',
    weekly: 'Toutes les semaines',
  },
  custom: 'Personnalisé (cron)',
  cron: 'Expression cron',
  cronHint: 'Minute heure jour mois jour-de-semaine, à l’heure du serveur : 0 3 * * * chaque jour à 3 h.',
  cronLabel: 'Cron : {cron}',
  library: {
    label: 'Analyse planifiée',
    hint: 'Les fichiers nouveaux ou modifiés sont repris par une analyse incrémentale selon ce calendrier.',
  },
  backups: {
    intro:
      'La progression de lecture, les verrous et les correspondances approuvées sont dans la base de données. Shelfmark la copie dans DATA_DIR/backups selon ce calendrier, sans s’arrêter. Téléchargez une copie pour la garder hors de cette machine ; le README explique comment en restaurer une.',
    schedule: 'Sauvegarde planifiée',
    scheduleHint: 'Manuellement seulement : une sauvegarde n’est faite qu’avec « Sauvegarder maintenant ».',
    keep: 'Sauvegardes conservées',
    keepHint: 'Les plus anciennes sont supprimées après chaque sauvegarde.',
    keepInvalid: 'Saisissez un nombre entier de 1 à 365.',
    backUpNow: 'Sauvegarder maintenant',
    starting: 'Démarrage…',
    list: 'Sauvegardes',
    name: 'Fichier',
    size: 'Taille',
    createdAt: 'Faite le',
    download: 'Télécharger',
    downloadOf: 'Télécharger {name}',
    none: 'Aucune sauvegarde pour l’instant.',
    postgres:
      'Ce serveur utilise PostgreSQL : sauvegardez-le avec pg_dump et restaurez avec pg_restore (voir le README). Shelfmark ne fait pas de sauvegarde lui-même.',
  },
};

export default schedules;
