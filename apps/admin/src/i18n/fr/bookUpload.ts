import type { Translation } from '../i18n-types.js';

const bookUpload: Translation['bookUpload'] = {
  title: 'Ajouter des livres',
  drop: 'Déposez ici des fichiers CBZ, CBR, CB7, PDF ou EPUB, ou',
  choose: 'choisissez des fichiers',
  hintSeries: 'Ils sont ajoutés à cette série.',
  hintLibrary:
    'Chacun est rapproché d’une série de cette bibliothèque ; ceux qui n’en trouvent aucune attendent dans la file d’import.',
  hintAny: 'Chacun est rapproché d’une série ; ceux qui n’en trouvent aucune attendent dans la file d’import.',
  listLabel: 'Envois',
  waiting: 'En attente',
  uploading: 'Envoi {percent} %',
  checking: 'Vérification et import…',
  imported: 'Importé',
  queued: 'En attente dans la file d’import',
  cancelled: 'Annulé',
  failed: 'Échec',
  cancel: 'Annuler l’envoi de {name}',
  dismiss: 'Retirer {name} de la liste',
  tooLarge: 'Ce fichier dépasse la taille maximale d’envoi.',
  notABook: 'Ce fichier n’est pas un livre CBZ, CBR, CB7, PDF ou EPUB.',
};

export default bookUpload;
