import type { Translation } from '../i18n-types.js';

const seriesCover: Translation['seriesCover'] = {
  change: 'Changer la couverture',
  title: 'Couverture de {name}',
  intro:
    'La couverture du premier livre s’affiche par défaut. Choisissez celle d’un autre livre, ou envoyez une image.',
  firstBook: 'Premier livre (par défaut)',
  fromBooks: 'Parmi les livres',
  bookCover: 'Couverture de {title}',
  chosen: 'Couverture actuelle',
  upload: 'Envoyer une image',
  uploadHint: 'JPEG, PNG ou WebP, 20 Mo au plus.',
  uploading: 'Envoi…',
  uploaded: 'Image envoyée',
  saved: 'Couverture changée.',
  tooLarge: 'Cette image est trop grande : 20 Mo et 50 millions de pixels au plus.',
  notAnImage: 'Ce fichier n’est pas une image JPEG, PNG ou WebP que le serveur sait lire.',
};

export default seriesCover;
